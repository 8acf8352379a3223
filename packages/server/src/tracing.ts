import { Duration, Effect, type Exit, Layer, Option, Redacted, References, Tracer } from "effect"
import { FetchHttpClient, HttpMiddleware } from "effect/http"
import { OtlpExporter, OtlpSerialization, OtlpTracer } from "effect/observability"
import type { Settings } from "./config.js"

/** Where and how traces are exported: `OTEL_EXPORTER_OTLP_*` and `OTEL_SERVICE_NAME`. */
export interface TracingSettings {
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`, the collector's base URL; traces go to `/v1/traces` under it. */
  readonly endpoint: string
  readonly protocol: "http/protobuf" | "http/json"
  /** `OTEL_EXPORTER_OTLP_HEADERS` (`key=value,…`): a hosted collector's key, so redacted. */
  readonly headers: Redacted.Redacted<Readonly<Record<string, string>>>
  readonly serviceName: string
}

/**
 * A span that never records a query string. The platform's HTTP span writes
 * the request's `url.full` and `url.query`, and an OAuth callback's query
 * carries the authorization code and state: the logs name only the route, and
 * traces keep the path (ids included) but not the query.
 */
class WithoutQuery implements Tracer.Span {
  readonly _tag = "Span"
  constructor(private readonly span: Tracer.Span) {}
  get name() {
    return this.span.name
  }
  get spanId() {
    return this.span.spanId
  }
  get traceId() {
    return this.span.traceId
  }
  get parent() {
    return this.span.parent
  }
  get annotations() {
    return this.span.annotations
  }
  get status() {
    return this.span.status
  }
  get attributes() {
    return this.span.attributes
  }
  get links() {
    return this.span.links
  }
  get sampled() {
    return this.span.sampled
  }
  get kind() {
    return this.span.kind
  }
  end(endTime: bigint, exit: Exit.Exit<unknown, unknown>) {
    this.span.end(endTime, exit)
  }
  attribute(key: string, value: unknown) {
    if (key === "url.query") return
    this.span.attribute(key, key === "url.full" && typeof value === "string" ? value.replace(/[?#].*$/s, "") : value)
  }
  event(name: string, startTime: bigint, attributes?: Record<string, unknown>) {
    this.span.event(name, startTime, attributes)
  }
  addLinks(links: ReadonlyArray<Tracer.SpanLink>) {
    this.span.addLinks(links)
  }
}

const withoutQueries = (tracer: Tracer.Tracer): Tracer.Tracer =>
  Tracer.make({
    span: (options) => new WithoutQuery(tracer.span(options)),
    context: tracer.context
  })

/**
 * The OTLP/HTTP trace exporter (Effect's own, over its HTTP client: no
 * OpenTelemetry SDK runs). Spans are sent in batches every five seconds, and
 * the last ones when the scope closes.
 */
const makeExportingTracer = (settings: TracingSettings) =>
  OtlpTracer.make({
    url: `${settings.endpoint.replace(/\/+$/, "")}/v1/traces`,
    resource: { serviceName: settings.serviceName },
    headers: Redacted.value(settings.headers),
    shutdownTimeout: Duration.seconds(3)
  }).pipe(
    Effect.map(withoutQueries),
    Effect.provide([
      OtlpExporter.layerFlusher,
      settings.protocol === "http/json" ? OtlpSerialization.layerJson : OtlpSerialization.layerProtobuf,
      FetchHttpClient.layer
    ])
  )

/**
 * The server with traces exported when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 * The tracer is set while the layers build, so the request fibers the HTTP
 * server forks from that runtime use it; it is made first and closed last, so
 * that the spans of shutdown are sent too. Otherwise nothing is exported, and
 * the platform's HTTP span is skipped for every request: it would parse the
 * URL and copy the headers for a span nobody reads, and only this predicate
 * skips it (`References.TracerEnabled` does not). The tracer is switched
 * off as well, so every other span (`Effect.fn`, `withSpan`, each SQL
 * statement's) is the no-op span: no ids drawn, no attributes kept.
 */
export const withTracing = <A, E, R>(settings: Pick<Settings, "tracing">, app: Layer.Layer<A, E, R>): Layer.Layer<A, E, R> =>
  Option.match(settings.tracing, {
    onNone: () =>
      app.pipe(
        Layer.provide(Layer.succeed(HttpMiddleware.TracerDisabledWhen, () => true)),
        Layer.provide(Layer.succeed(References.TracerEnabled, false))
      ),
    onSome: (tracing) => Layer.unwrap(Effect.map(makeExportingTracer(tracing), (tracer) => app.pipe(Layer.provide(Layer.succeed(Tracer.Tracer, tracer)))))
  })
