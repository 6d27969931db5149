import { IsNotEmpty, IsString } from 'class-validator';
import { SUMMARIZER_MESSAGES as M } from './summarizer-messages.js';

/** POST /api/summarize and POST /api/extract (4.11): `url` required. */
export class SummarizeDto {
  @IsNotEmpty({ message: M.urlRequired }) @IsString({ message: M.urlRequired }) url!: string;
}
