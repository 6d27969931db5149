import { IsOptional, IsString } from 'class-validator';

/** GET /api/datafeeds: no feed lists them; an unknown feed is 400 `Unknown feed` with the list (4.9). */
export class DatafeedsQuery {
  @IsOptional() @IsString() feed?: string;
  /** `true` reads the free preview; any other value the feed itself. */
  @IsOptional() @IsString() preview?: string;
}
