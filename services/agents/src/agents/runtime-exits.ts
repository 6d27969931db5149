import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG_ERROR_EXIT_CODE } from '@platform/contracts';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { exitReason, type RuntimeExit } from '../hosting/runtime-exit.js';
import { AgentLifecycle } from './agent-lifecycle.service.js';
import { ProvisioningService } from './provisioning.service.js';

/**
 * What a runtime that ends on its own means for its agent. A configuration error (exit 78) is final:
 * `error` at once, never a repair. Any other end of a live agent's runtime makes it degraded at once,
 * so the watchdog checks it at the degraded pace and decides the repair; nothing restarts it here.
 * Exits of deliberate stops and replacements find the agent in a status the state machine does not
 * degrade from, and change nothing.
 */
@Injectable()
export class RuntimeExits implements OnApplicationBootstrap {
  private readonly logger = new Logger(RuntimeExits.name);

  constructor(
    private readonly hosting: HostingProvider,
    private readonly lifecycle: AgentLifecycle,
    private readonly provisioning: ProvisioningService,
  ) {}

  onApplicationBootstrap(): void {
    this.hosting.onExit((exit) => {
      this.settle(exit).catch((error) => this.logger.warn({ agentId: exit.agentId, msg: `Runtime exit not settled: ${String(error)}` }));
    });
  }

  private async settle(exit: RuntimeExit): Promise<void> {
    if (exit.exitCode === CONFIG_ERROR_EXIT_CODE) {
      const { reason } = await this.hosting.inspect(exit.agentId);
      await this.provisioning.fail(exit.agentId, exitReason(exit, reason));
      return;
    }
    if (await this.lifecycle.tryTransition(exit.agentId, 'degrade', { reason: exitReason(exit) })) {
      this.logger.warn({ agentId: exit.agentId, msg: `${exitReason(exit)}: degraded, the watchdog decides the repair` });
    }
  }
}
