import { IsIn, IsString, Matches } from 'class-validator';

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

const OTLP_PROTOCOLS = ['', 'http/protobuf', 'http/json'];

/** An empty value or an http(s) URL: the OTLP endpoints may be left unset. */
const OPTIONAL_URL = /^(https?:\/\/.+)?$/;

/**
 * OpenTelemetry's standard variables, as far as the platform reads them (libs/tracing). Traces are
 * off unless an exporter or an OTLP endpoint is named: the SDK's own default ("otlp" to localhost)
 * would have every process open a connection to a collector nobody runs.
 */
export class TracingEnv {
  /** `otlp` (OTLP over HTTP, in the protocol below), `console` (spans on stdout, for a look in development) or `none`; empty: `otlp` when an endpoint is set. */
  @IsIn(['', 'none', 'otlp', 'console'])
  OTEL_TRACES_EXPORTER = '';

  /** The collector's base URL; traces go to `<it>/v1/traces`. */
  @Matches(OPTIONAL_URL, { message: 'must be empty or an http(s) URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT = '';

  /** The full traces URL, when it is not `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. */
  @Matches(OPTIONAL_URL, { message: 'must be empty or an http(s) URL' })
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = '';

  /**
   * `http/protobuf` or `http/json`; empty: the specification's default, protobuf, which also costs
   * the exporting process less than JSON. gRPC is not offered: every collector takes OTLP over HTTP.
   */
  @IsIn(OTLP_PROTOCOLS)
  OTEL_EXPORTER_OTLP_PROTOCOL = '';

  /** The protocol of traces, when it is not OTEL_EXPORTER_OTLP_PROTOCOL's. */
  @IsIn(OTLP_PROTOCOLS)
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = '';

  /** The resource's `service.name`; empty: the service's own name (gateway, ai-gateway, ...). */
  @IsString()
  OTEL_SERVICE_NAME = '';

  @IsIn(SAMPLERS)
  OTEL_TRACES_SAMPLER = 'parentbased_always_on';

  /** The ratio of the `traceidratio` samplers, 0 to 1. */
  @Matches(/^(0(\.\d+)?|1(\.0+)?)?$/, { message: 'must be a ratio from 0 to 1' })
  OTEL_TRACES_SAMPLER_ARG = '';
}
