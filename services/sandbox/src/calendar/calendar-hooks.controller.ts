import { Body, Controller, Get, HttpCode, Param, Post, Put, UseFilters } from '@nestjs/common';
import { IdpHookError } from '../idp/idp-error.js';
import { IdpHookExceptionFilter } from '../idp/idp-hook-exception.filter.js';
import type { CalendarAccount } from './calendar-account.model.js';
import { CalendarStore } from './calendar-store.service.js';

const isTimeZone = (value: unknown): value is string => {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Hooks for scripts and tests (docs/sandbox.md): who consents next, an expired access token, a calendar's timezone, what it holds. */
@Controller('calendar')
@UseFilters(IdpHookExceptionFilter)
export class CalendarHooksController {
  constructor(private readonly store: CalendarStore) {}

  @Put('next-consent')
  nextConsent(@Body() body: unknown): { queued: true } {
    const { email, timeZone, deny } = (body ?? {}) as Record<string, unknown>;
    if (email !== undefined && (typeof email !== 'string' || !email.includes('@'))) throw new IdpHookError('email must be an email address');
    if (timeZone !== undefined && !isTimeZone(timeZone)) throw new IdpHookError('timeZone must be an IANA time zone');
    if (deny !== undefined && typeof deny !== 'boolean') throw new IdpHookError('deny must be a boolean');
    this.store.queueConsent({ email, timeZone, deny } as { email?: string; timeZone?: string; deny?: boolean });
    return { queued: true };
  }

  @Post('accounts/:email/expire-access')
  @HttpCode(200)
  expireAccess(@Param('email') email: string): { expired: number } {
    this.account(email);
    return { expired: this.store.expireAccess(email) };
  }

  @Put('accounts/:email/time-zone')
  timeZone(@Param('email') email: string, @Body() body: unknown): { timeZone: string } {
    const { timeZone } = (body ?? {}) as Record<string, unknown>;
    if (!isTimeZone(timeZone)) throw new IdpHookError('timeZone must be an IANA time zone');
    this.account(email).timeZone = timeZone;
    return { timeZone };
  }

  /** `{ status }` (400 to 599): every API call on the calendar fails so until `{ status: null }`. */
  @Put('accounts/:email/failure')
  failure(@Param('email') email: string, @Body() body: unknown): { failWith: number | null } {
    const { status } = (body ?? {}) as Record<string, unknown>;
    if (status !== null && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) {
      throw new IdpHookError('status must be an HTTP error status (400 to 599) or null');
    }
    const account = this.account(email);
    account.failWith = status as number | null;
    return { failWith: account.failWith };
  }

  @Get('accounts/:email')
  view(@Param('email') email: string) {
    const account = this.account(email);
    return { email: account.email, timeZone: account.timeZone, grants: account.grants, failWith: account.failWith, events: [...account.events.values()] };
  }

  private account(email: string): CalendarAccount {
    const account = this.store.find(email);
    if (!account) throw new IdpHookError(`no calendar account ${email}`, 404);
    return account;
  }
}
