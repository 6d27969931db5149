import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForgotPasswordDto, ok, ResetPasswordDto, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { PasswordResetService } from './password-reset.service.js';

@Controller()
export class PasswordResetHandlers {
  constructor(private readonly resets: PasswordResetService) {}

  @MessagePattern(SUBJECTS.identity.forgotPassword)
  async forgot(@Payload() envelope: Envelope) {
    return ok(await this.resets.requestReset(validateAs(ForgotPasswordDto, envelope.body).email));
  }

  @MessagePattern(SUBJECTS.identity.resetPassword)
  async reset(@Payload() envelope: Envelope) {
    return ok(await this.resets.reset(validateAs(ResetPasswordDto, envelope.body)));
  }
}
