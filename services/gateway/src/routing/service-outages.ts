import { Injectable, Logger } from '@nestjs/common';
import { Dependency } from '@platform/config';
import { SUBJECT_GROUP } from '@platform/contracts';
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
  private readonly byService = new Map<string, Dependency>();

  /** The edge's own NATS connection being down is its outage, logged by the connection, not each service's. */
  failed(error: ServiceUnavailableError): void {
    if (error.reason === 'disconnected') return;
    this.of(error.subject).failed(error);
  }

  answered(subject: string): void {
    if (this.byService.size) this.byService.get(serviceOf(subject))?.recovered();
  }

  private of(subject: string): Dependency {
    const service = serviceOf(subject);
    let dependency = this.byService.get(service);
    if (!dependency) {
      dependency = new Dependency(service, this.logger, { recoverAfter: RECOVER_AFTER });
      this.byService.set(service, dependency);
    }
    return dependency;
  }
}

/** Every subject of a service shares its outage. */
function serviceOf(subject: string): string {
  return SUBJECT_GROUP.get(subject) ?? subject;
}
