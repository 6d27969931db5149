import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LoginDto, ok, SUBJECTS, validateAs, type AuthContext, type Envelope, type SessionView } from '@platform/contracts';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsHandlers {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(SUBJECTS.identity.login)
  login(@Payload() envelope: Envelope) {
    return this.sessions.login(validateAs(LoginDto, envelope.body), envelope.requestId);
  }

  @MessagePattern(SUBJECTS.identity.session)
  session(@Payload() envelope: Envelope) {
    const auth = envelope.auth;
    return ok<SessionView>({ user: auth ? { id: auth.userId, name: auth.name, email: auth.email, isAdmin: auth.isAdmin } : null });
  }

  @MessagePattern(SUBJECTS.identity.signout)
  signout(@Payload() envelope: Envelope) {
    return this.sessions.signout(envelope.auth);
  }

  /** Edge-only query: the gateway sends the cookie's digest, never the cookie. */
  @MessagePattern(SUBJECTS.identity.resolveSession)
  resolve(@Payload() query: { digest: string }): Promise<AuthContext | null> {
    return this.sessions.resolve(query.digest);
  }
}
