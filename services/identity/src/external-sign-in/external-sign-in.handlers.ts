import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdpVerifyDto, ok, requireUser, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { ExternalSignIn } from './external-sign-in.service.js';
import { IdpTokens } from './idp-tokens.service.js';

@Controller()
export class ExternalSignInHandlers {
  constructor(private readonly signIn: ExternalSignIn, private readonly tokens: IdpTokens) {}

  @MessagePattern(SUBJECTS.identity.idpStart)
  idpStart(@Payload() envelope: Envelope) {
    return this.signIn.start('idp', envelope.requestId);
  }

  @MessagePattern(SUBJECTS.identity.idpCallback)
  idpCallback(@Payload() envelope: Envelope) {
    return this.signIn.callback('idp', envelope);
  }

  @MessagePattern(SUBJECTS.identity.codeHostStart)
  codeHostStart(@Payload() envelope: Envelope) {
    return this.signIn.start('code-host', envelope.requestId);
  }

  @MessagePattern(SUBJECTS.identity.codeHostCallback)
  codeHostCallback(@Payload() envelope: Envelope) {
    return this.signIn.callback('code-host', envelope);
  }

  @MessagePattern(SUBJECTS.identity.idpVerify)
  async verify(@Payload() envelope: Envelope) {
    return ok(await this.tokens.verify(validateAs(IdpVerifyDto, envelope.body), envelope.requestId));
  }

  @MessagePattern(SUBJECTS.identity.idpVerifyInfo)
  verifyInfo() {
    return ok(this.tokens.verifyMetadata());
  }

  @MessagePattern(SUBJECTS.identity.idpRefresh)
  async refresh(@Payload() envelope: Envelope) {
    return ok(await this.tokens.refresh(requireUser(envelope).userId, envelope.requestId));
  }

  @MessagePattern(SUBJECTS.identity.idpRefreshInfo)
  refreshInfo() {
    return ok(this.tokens.refreshMetadata());
  }
}
