import { SANDBOX_GATE_TOKEN } from '@platform/chain';
import { CommonEnv, EnvInt, Secret } from '@platform/config';
import { VIDEO_WAIT_MS } from '@platform/contracts';
import { IsString, Matches, Max, ValidateIf } from 'class-validator';

const HTTP_URL = { message: 'must be an http(s) URL' };

export class MediaEnv extends CommonEnv {
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** Public web address: a stream creation signature names its host, so a signature made for another site is refused. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) APP_URL = 'http://localhost:3000';

  /** JSON-RPC of base-sepolia, where the gate token lives. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) BASE_RPC_URL = 'http://127.0.0.1:4600/chain/84532';

  /** The gate token (an ERC-20 on base-sepolia, the token identity's gate check reads too); the sandbox's by default. */
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'must be a 0x-prefixed 20-byte address' })
  GATE_TOKEN_ADDRESS = SANDBOX_GATE_TOKEN.address;

  /** Seals stream keys at rest (libs/secrets): 32 bytes, base64. Required once the provider is configured: no stream without it. */
  @Secret() @ValidateIf((env: MediaEnv) => env.SECRETS_KEY !== '' || env.STREAMING_TOKEN_ID !== '')
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded' })
  SECRETS_KEY = '';

  /** The streaming provider's API (the SDK's baseURL) and the platform's access token there; no token: not configured (500). */
  @Matches(/^https?:\/\/.+/, HTTP_URL) STREAMING_API_URL = 'https://api.mux.com';
  @IsString() STREAMING_TOKEN_ID = '';
  @Secret() @IsString() STREAMING_TOKEN_SECRET = '';

  /** Where encoders send a stream (the key is appended for fullRtmpUrl), and where viewers play and embed it. */
  @Matches(/^rtmps?:\/\/.+/, { message: 'must be an rtmp(s) URL' }) STREAMING_RTMP_URL = 'rtmps://global-live.mux.com:443/app';
  @Matches(/^https?:\/\/.+/, HTTP_URL) STREAMING_PLAYBACK_URL = 'https://stream.mux.com';
  @Matches(/^https?:\/\/.+/, HTTP_URL) STREAMING_PLAYER_URL = 'https://player.mux.com';

  /** Per call to the provider's API; an upload's PUT has MEDIA_UPLOAD_TIMEOUT_MS. */
  @EnvInt(1) STREAMING_TIMEOUT_MS = 10_000;

  /** The provider's webhook signing secret (extended-services 5); STREAM_WEBHOOK_SECRET is read when this is empty. Neither: every webhook is refused. */
  @Secret() @IsString() STREAM_SIGNING_SECRET = '';
  @Secret() @IsString() STREAM_WEBHOOK_SECRET = '';

  /** How long POST /api/generate-video waits for its video before answering the job id (at most the spec's 5 minutes). */
  @EnvInt(0) @Max(VIDEO_WAIT_MS) MEDIA_VIDEO_WAIT_MS = VIDEO_WAIT_MS;

  /** Videos one worker renders at once: ffmpeg keeps a core busy each. */
  @EnvInt(1) MEDIA_RENDER_CONCURRENCY = 2;

  /** An ffmpeg run is killed past this. */
  @EnvInt(1000) MEDIA_RENDER_TIMEOUT_MS = 120_000;

  /** From the upload's start until the provider's asset (and its MP4) is ready. */
  @EnvInt(1000) MEDIA_UPLOAD_TIMEOUT_MS = 240_000;

  /** A screenshot video's image: one deadline over every redirect and the whole body. */
  @EnvInt(100) MEDIA_IMAGE_TIMEOUT_MS = 10_000;

  /**
   * Hosts (`host` or `host:port`, comma-separated) an imageUrl may name although they are not
   * public: the sandbox in development and tests. Everything else must resolve to public addresses.
   */
  @IsString() MEDIA_FETCH_ALLOWED_HOSTS = '';

  /** A recording the rule does not archive is deleted this long after it became ready, retried with backoff. */
  @EnvInt(0) MEDIA_ASSET_DELETION_DELAY_MS = 600_000;
  @EnvInt(1) MEDIA_ASSET_DELETION_ATTEMPTS = 10;
  @EnvInt(1) MEDIA_ASSET_DELETION_BACKOFF_MS = 10_000;

  /** ffmpeg to run instead of the npm package's binary (libs/ffmpeg); the service never runs ffprobe. */
  @IsString() FFMPEG_PATH = '';
}
