import { HttpException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * Any key will do: the sandbox has one account, and the test is that a key is sent at all. Stripe
 * takes it as a bearer token (the SDK) or as the Basic user name (`curl -u sk_test_...:`).
 */
@Injectable()
export class StripeApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const authorization = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    if (/^Bearer\s+\S+/i.test(authorization) || basicUser(authorization)) return true;
    throw new HttpException(
      {
        error: {
          type: 'invalid_request_error',
          message: "No API key provided. Send your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      },
      401,
    );
  }
}

function basicUser(authorization: string): string {
  const [scheme, credentials = ''] = authorization.split(/\s+/);
  if (scheme.toLowerCase() !== 'basic') return '';
  return Buffer.from(credentials, 'base64').toString().split(':')[0];
}
