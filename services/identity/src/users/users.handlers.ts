import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ChangePasswordDto, created, ok, RegisterDto, requireUser, SUBJECTS, UpdateProfileDto, validateAs, type Envelope, type UserReply,
} from '@platform/contracts';
import { UsersService } from './users.service.js';

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(SUBJECTS.identity.register)
  async register(@Payload() envelope: Envelope) {
    return created(await this.users.register(validateAs(RegisterDto, envelope.body), envelope.ip));
  }

  @MessagePattern(SUBJECTS.identity.getUser)
  async getUser(@Payload() envelope: Envelope) {
    return ok<UserReply>({ user: await this.users.profile(requireUser(envelope).userId) });
  }

  @MessagePattern(SUBJECTS.identity.updateProfile)
  async updateProfile(@Payload() envelope: Envelope) {
    const user = requireUser(envelope);
    return ok<UserReply>({ user: await this.users.updateProfile(user.userId, validateAs(UpdateProfileDto, envelope.body)) });
  }

  @MessagePattern(SUBJECTS.identity.changePassword)
  async changePassword(@Payload() envelope: Envelope) {
    const user = requireUser(envelope);
    return ok(await this.users.changePassword(user.userId, user.sessionDigest, validateAs(ChangePasswordDto, envelope.body)));
  }
}
