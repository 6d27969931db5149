import { Injectable, Logger } from '@nestjs/common';
import { Dependency } from '@platform/config';
import type { ServiceUnavailableError } from '@platform/messaging';

/**
 * Answers in a row that end a service's outage: with one frozen replica among live ones requests
 * alternate between failing and passing, and the log should say so once, not per request.
 */
const RECOVER_AFTER = 3;

/**
 * The services this edge could not reach, each logged once when its outage starts and once when it
 * ends rather than on every refused request. Not readiness: the edge stays ready while one service
 * behind it is down, since it still answers every other route.
 */
@Injectable()
export class ServiceOutages {
  private readonly logger = new Logger('Gateway');
  private readonly bySubject = new Map<string, Dependency>();
  private readonly byService = new Map<string, Dependency>();

  /** The edge's own NATS connection being down is its outage, logged by the connection, not each service's. */
  failed(error: ServiceUnavailableError): void {
    if (error.reason === 'disconnected') return;
    this.of(error.subject).failed(error);
  }

  answered(subject: string): void {
    if (this.byService.size) this.bySubject.get(subject)?.recovered();
  }

  /** `svc.identity.login` is the identity service's: every subject of a service shares its outage. */
  private of(subject: string): Dependency {
    let dependency = this.bySubject.get(subject);
    if (!dependency) {
      const service = subject.split('.')[1] ?? subject;
      dependency = this.byService.get(service) ?? new Dependency(service, this.logger, { recoverAfter: RECOVER_AFTER });
      this.byService.set(service, dependency);
      this.bySubject.set(subject, dependency);
    }
    return dependency;
  }
}
