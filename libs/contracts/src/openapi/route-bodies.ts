import { CloneAgentDto } from '../agents/clone.dtos.js';
import {
  AgentIdDto, CreateAgentDto, DeploymentDto, HeartbeatSettingsDto, ProvisionAgentDto, PutAgentConfigDto, RegisterInstallationDto,
  SendAgentMessageDto, UpdateAgentDto,
} from '../agents/agent.dtos.js';
import { BrowseWriteDto, GitSyncDto } from '../agents/explorer.dtos.js';
import { ChatCompletionRequestDto } from '../ai/chat-completion.dto.js';
import { ChatRequestDto, DemoChatDto, EstimateCostDto, SelectModelDto } from '../ai/chat.dto.js';
import { BillingActionDto, DeploySubscriptionDto } from '../billing/billing.dtos.js';
import { AgentMessageDto } from '../bus/agent-message.js';
import { BusSubscriptionDto, CreateUndergroundEventDto, SendAsAgentDto } from '../bus/bus.dtos.js';
import { CalendarPostActionDto } from '../calendar/calendar-actions.js';
import { ChangePasswordDto } from '../identity/change-password.dto.js';
import { CreateApiKeyDto, UpdateApiKeyDto } from '../identity/create-api-key.dto.js';
import { ForgotPasswordDto } from '../identity/forgot-password.dto.js';
import { GateTokenAccessDto } from '../identity/gate-token-access.dto.js';
import { LoginDto } from '../identity/login.dto.js';
import { RegisterDto } from '../identity/register.dto.js';
import { ResetPasswordDto } from '../identity/reset-password.dto.js';
import { UpdateProfileDto } from '../identity/update-profile.dto.js';
import { ValidateApiKeyDto } from '../identity/validate-api-key.dto.js';
import { IdpVerifyDto, WalletAuthDto } from '../identity/wallet-auth.dto.js';
import { CreateStreamDto } from '../media/radio.dtos.js';
import { StreamEventDto } from '../media/stream-event.dto.js';
import { GenerateVideoDto } from '../media/video.dtos.js';
import { CreateScheduledTaskDto, TaskIdDto, UpdateScheduledTaskDto } from '../scheduler/scheduled-task.dtos.js';
import { SkillInstallDto } from '../skills/skill.dtos.js';
import { SUBJECTS, type Subject } from '../subjects.js';
import { SummarizeDto } from '../summarizer/summarize.dto.js';
import { CreateAgentWalletDto } from '../wallet/agent-wallet.dtos.js';
import { CreateEscrowDto, EscrowUserDto } from '../wallet/escrow.js';
import { CreateSplitDto } from '../wallet/split.dtos.js';
import { CreateCustodialWalletDto, ImportCustodialWalletDto, WalletActionDto } from '../wallet/wallet.dtos.js';

const { identity: id, ai, agents: ag, billing, wallet, bus, calendar, scheduler, summarizer: sum, media } = SUBJECTS;

/**
 * The class-validator class each subject's handler holds a request body to (`validateAs(Dto,
 * envelope.body)` in the service). The API document reads request bodies from here; a subject
 * missing here is a body the document does not describe yet (docs/operations.md lists them).
 * Routes whose body depends on its `action` (billing, wallet, calendar) name the action's class only.
 */
export const ROUTE_BODIES: Partial<Record<Subject, new () => object>> = {
  [id.register]: RegisterDto,
  [id.login]: LoginDto,
  [id.forgotPassword]: ForgotPasswordDto,
  [id.resetPassword]: ResetPasswordDto,
  [id.walletAuth]: WalletAuthDto,
  [id.gateTokenAccess]: GateTokenAccessDto,
  [id.idpVerify]: IdpVerifyDto,
  [id.updateProfile]: UpdateProfileDto,
  [id.changePassword]: ChangePasswordDto,
  [id.createKey]: CreateApiKeyDto,
  [id.updateKey]: UpdateApiKeyDto,
  [id.validateKey]: ValidateApiKeyDto,
  [ai.demoChat]: DemoChatDto,
  [ai.webChat]: ChatRequestDto,
  [ai.chat]: ChatRequestDto,
  [ai.completions]: ChatCompletionRequestDto,
  [ai.selectModel]: SelectModelDto,
  [ai.estimateCost]: EstimateCostDto,
  [ag.create]: CreateAgentDto,
  [ag.update]: UpdateAgentDto,
  [ag.provision]: ProvisionAgentDto,
  [ag.deploy]: DeploymentDto,
  [ag.clone]: CloneAgentDto,
  [ag.putConfig]: PutAgentConfigDto,
  [ag.sendMessage]: SendAgentMessageDto,
  [ag.saveHeartbeat]: HeartbeatSettingsDto,
  [ag.deleteHeartbeat]: AgentIdDto,
  [ag.installSkill]: SkillInstallDto,
  [ag.uninstallSkill]: SkillInstallDto,
  [ag.registerHome]: RegisterInstallationDto,
  [ag.registerLink]: RegisterInstallationDto,
  [ag.browseWrite]: BrowseWriteDto,
  [ag.gitSync]: GitSyncDto,
  [billing.action]: BillingActionDto,
  [billing.deploySubscription]: DeploySubscriptionDto,
  [wallet.action]: WalletActionDto,
  [wallet.createCustodial]: CreateCustodialWalletDto,
  [wallet.importCustodial]: ImportCustodialWalletDto,
  [wallet.createAgentWallet]: CreateAgentWalletDto,
  [wallet.createSplit]: CreateSplitDto,
  [wallet.createEscrow]: CreateEscrowDto,
  [wallet.releaseEscrow]: EscrowUserDto,
  [bus.send]: AgentMessageDto,
  [bus.sendAsAgent]: SendAsAgentDto,
  [bus.subscribe]: BusSubscriptionDto,
  [bus.unsubscribe]: BusSubscriptionDto,
  [bus.createEvent]: CreateUndergroundEventDto,
  [calendar.action]: CalendarPostActionDto,
  [scheduler.createTask]: CreateScheduledTaskDto,
  [scheduler.updateTask]: UpdateScheduledTaskDto,
  [scheduler.deleteTask]: TaskIdDto,
  [sum.summarize]: SummarizeDto,
  [sum.extract]: SummarizeDto,
  [media.createStream]: CreateStreamDto,
  [media.generateVideo]: GenerateVideoDto,
  [media.streamWebhook]: StreamEventDto,
};
