import { Injectable } from '@nestjs/common';

/** The time, behind a class so tests can move it. */
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
