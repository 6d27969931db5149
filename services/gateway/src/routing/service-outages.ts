import { Injectable, Logger } from '@nestjs/common';
import { Dependency } from '@platform/config';

/** `svc.identity.login` is the identity service's. */
const serviceOf = (subject: string) => subject.split('.')[1] ?? subject;

/**
 * The services this edge could not reach, each logged once when its outage starts and once when it
 * ends rather than on every refused request. Not readiness: the edge stays ready while one service
 * behind it is down, since it still answers every other route.
 */
@Injectable()
export class ServiceOutages {
  private readonly logger = new Logger('Gateway');
  private readonly services = new Map<string, Dependency>();

  failed(subject: string, cause: unknown): void {
    const service = serviceOf(subject);
    let dependency = this.services.get(service);
    if (!dependency) {
      dependency = new Dependency(service, this.logger);
      this.services.set(service, dependency);
    }
    dependency.failed(cause);
  }

  answered(subject: string): void {
    this.services.get(serviceOf(subject))?.recovered();
  }
}
