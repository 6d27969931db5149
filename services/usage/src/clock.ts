import { Injectable } from '@nestjs/common';

/** The time, behind a class so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
