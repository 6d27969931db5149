import { IsString, IsUUID, Matches } from 'class-validator';
import { PROVIDER_ID_PATTERN } from './stream-webhook.js';

/** Renders and uploads one generated video (queue `media.render`). */
export class RenderVideoJob {
  @IsUUID() videoId!: string;
}

/** Deletes a recording the rule did not archive, at the provider (queue `media.asset_deletion`). */
export class DeleteAssetJob {
  @Matches(PROVIDER_ID_PATTERN) @IsString() assetId!: string;
}
