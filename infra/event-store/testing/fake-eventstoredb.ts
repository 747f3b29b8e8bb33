import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

// A fake EventStoreDB for the adapter's tests where no server can run: a gRPC server on loopback that
// answers @eventstore/db-client's real calls (ServerFeatures, Streams.Read for stream reads, $all reads
// and $all subscriptions, Streams.BatchAppend) with the messages and error statuses EventStoreDB 24.10
// sends, as its source shows them (Streams.Read.cs, Enumerators.*, Streams.BatchAppend.cs,
// RpcExceptions.cs, StorageWriterService.cs). So the adapter meets the real client end to end: its
// connection, protobuf decoding, error mapping and reconnection. The log is held in memory with byte
// offsets for positions; tests can add records no gRPC append makes (system events, transactions,
// positions past 2^53) and cut subscriptions.

// The client's own copies of grpc-js and its generated messages, so statuses and metadata are the
// classes it checks against.
const clientRequire = createRequire(createRequire(import.meta.url).resolve('@eventstore/db-client'));
const grpc = clientRequire('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
const pb = clientRequire('../generated/streams_pb.js') as typeof import('@eventstore/db-client/generated/streams_pb.js');
const sharedPb = clientRequire('../generated/shared_pb.js') as typeof import('@eventstore/db-client/generated/shared_pb.js');
const statusPb = clientRequire('../generated/status_pb.js') as typeof import('@eventstore/db-client/generated/status_pb.js');
const featuresPb = clientRequire('../generated/serverfeatures_pb.js') as typeof import('@eventstore/db-client/generated/serverfeatures_pb.js');
const { StreamsService } = clientRequire('../generated/streams_grpc_pb.js') as typeof import('@eventstore/db-client/generated/streams_grpc_pb.js');
const { ServerFeaturesService } = clientRequire('../generated/serverfeatures_grpc_pb.js') as typeof import('@eventstore/db-client/generated/serverfeatures_grpc_pb.js');
const { Any } = clientRequire('google-protobuf/google/protobuf/any_pb.js') as { Any: new () => { pack(bytes: Uint8Array, name: string): void } };

type ReadResp = InstanceType<typeof pb.ReadResp>;
type ReadReq = InstanceType<typeof pb.ReadReq>;
type BatchAppendReq = InstanceType<typeof pb.BatchAppendReq>;
type BatchAppendResp = InstanceType<typeof pb.BatchAppendResp>;

/** "No position" as the server sends it: both halves 2^64-1. */
export const NO_POSITION = 2n ** 64n - 1n;

export interface FakeRecord {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  /** $all position: equal halves for a gRPC append; a transaction's events share one commit. */
  commit: bigint;
  prepare: bigint;
  isJson: boolean;
  data: Uint8Array;
  metadata: Uint8Array;
  created: Date;
}

/** An error status the way the server ends a call. */
export interface GrpcStatus {
  code: number;
  details: string;
  metadata?: Record<string, string>;
}

export interface FakeEventStoreDbOptions {
  /** What ServerFeatures answers; null: no ServerFeatures service at all (servers before 21.10). */
  version?: string | null;
  /** Servers from 22.6 on give positions on stream reads; older ones give none. Default true. */
  streamReadPositions?: boolean;
  /** The server's MaxAppendSize (default 1 MiB, as EventStoreDB's). */
  maxAppendSize?: number;
}

export interface FakeEventStoreDb {
  /** Connection string of this server for the real client. */
  readonly url: string;
  readonly log: FakeRecord[];
  /** Append requests received (BatchAppend writes). */
  readonly appends: { streamId: string; events: number }[];
  /** Subscriptions to $all opened so far. */
  subscriptions(): number;
  /** Reads received so far (of one stream or of $all). */
  reads(): number;
  /** Adds a record as another writer would (system events, explicit transactions, odd positions). */
  write(record: Omit<Partial<FakeRecord>, 'data' | 'metadata'> & { streamId: string; type: string; data?: unknown; metadata?: unknown }): FakeRecord;
  /** Hard-deletes a stream: reads and appends answer StreamDeleted. */
  tombstone(streamId: string): void;
  /** Ends every open subscription with this status (a dropped connection, a server timeout...). */
  dropSubscriptions(status: GrpcStatus): void;
  /** Called just before and just after each append is written: another writer's appends land in between. */
  aroundAppends: ((moment: 'before' | 'after') => void) | null;
  /** Ends each next subscription (from now on) with this status right after its confirmation, `times` times. */
  failSubscriptions(status: GrpcStatus, times: number): void;
  close(): Promise<void>;
}

export const UNAVAILABLE = (details = 'Connection dropped'): GrpcStatus => ({ code: grpc.status.UNAVAILABLE, details });
export const CONSUMER_TOO_SLOW: GrpcStatus = {
  code: grpc.status.ABORTED,
  details: 'Operation timed out: Consumer too slow to handle event while live. Client resubscription required.',
};
export const ACCESS_DENIED: GrpcStatus = { code: grpc.status.PERMISSION_DENIED, details: 'Access Denied', metadata: { exception: 'access-denied' } };

const INVALID_POSITION: GrpcStatus = { code: grpc.status.INVALID_ARGUMENT, details: 'Trying to read from an invalid position.' };
const streamDeleted = (streamId: string): GrpcStatus => ({
  code: grpc.status.FAILED_PRECONDITION,
  details: `Event stream '${streamId}' is deleted.`,
  metadata: { exception: 'stream-deleted', 'stream-name': streamId },
});

const toMetadata = (pairs: Record<string, string> | undefined) => {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(pairs ?? {})) metadata.set(key, value);
  return metadata;
};
const fail = (call: { emit(event: 'error', error: unknown): boolean }, status: GrpcStatus): void => {
  call.emit('error', { code: status.code, details: status.details, metadata: toMetadata(status.metadata) });
};

const bytesOf = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? value : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value ?? null), 'utf8');

const compare = (a: { commit: bigint; prepare: bigint }, b: { commit: bigint; prepare: bigint }): number =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;

export async function startFakeEventStoreDb(options: FakeEventStoreDbOptions = {}): Promise<FakeEventStoreDb> {
  const version = options.version === undefined ? '24.10.0' : options.version;
  const streamReadPositions = options.streamReadPositions ?? true;
  const maxAppendSize = options.maxAppendSize ?? 1024 * 1024;
  const log: FakeRecord[] = [];
  const tombstoned = new Set<string>();
  const appends: { streamId: string; events: number }[] = [];
  // Byte offset of the next record; EventStoreDB's log starts after its own first records.
  let end = 4096n;
  let opened = 0;
  let reads = 0;
  let failures: { status: GrpcStatus; times: number } | null = null;
  const live = new Set<{ deliver(record: FakeRecord): void; drop(status: GrpcStatus): void }>();

  const lastRevision = (streamId: string): bigint => {
    let revision = -1n;
    for (const record of log) if (record.streamId === streamId) revision = record.revision;
    return revision;
  };

  const add = (record: FakeRecord): FakeRecord => {
    log.push(record);
    for (const subscriber of [...live]) subscriber.deliver(record);
    return record;
  };

  const recordedEvent = (record: FakeRecord, withPosition: boolean) => {
    const event = new pb.ReadResp.ReadEvent.RecordedEvent();
    event.setId(new sharedPb.UUID().setString(record.id));
    event.setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from(record.streamId, 'utf8')));
    event.setStreamRevision(record.revision.toString());
    event.setCommitPosition((withPosition ? record.commit : NO_POSITION).toString());
    event.setPreparePosition((withPosition ? record.prepare : NO_POSITION).toString());
    event.getMetadataMap().set('type', record.type);
    event.getMetadataMap().set('created', (BigInt(record.created.getTime()) * 10_000n).toString());
    event.getMetadataMap().set('content-type', record.isJson ? 'application/json' : 'application/octet-stream');
    event.setData(record.data);
    event.setCustomMetadata(record.metadata);
    return event;
  };

  /** ReadResp.Event as the server converts a resolved event (ConvertToReadEvent). */
  const readEvent = (record: FakeRecord, withPosition: boolean): ReadResp => {
    const read = new pb.ReadResp.ReadEvent();
    read.setEvent(recordedEvent(record, withPosition));
    if (withPosition) read.setCommitPosition(record.commit.toString());
    else read.setNoPosition(new sharedPb.Empty());
    return new pb.ReadResp().setEvent(read);
  };

  /** A position the server can read $all from: the start or end of the log, or the start of a record. */
  const isRecordStart = (commit: bigint): boolean => commit === 0n || commit === end || log.some((record) => record.commit === commit);

  const readStream = (call: { write(m: ReadResp): boolean; end(): void; emit(e: 'error', x: unknown): boolean }, request: ReadReq): void => {
    const options = request.getOptions()!;
    const stream = options.getStream()!;
    const streamId = Buffer.from(stream.getStreamIdentifier()!.getStreamName_asU8()).toString('utf8');
    if (tombstoned.has(streamId)) return fail(call, streamDeleted(streamId));
    const events = log.filter((record) => record.streamId === streamId);
    if (events.length === 0) {
      // 24.10 answers a missing stream with a StreamNotFound message (Streams.Read.cs HandleFailure).
      call.write(new pb.ReadResp().setStreamNotFound(new pb.ReadResp.StreamNotFound().setStreamIdentifier(stream.getStreamIdentifier())));
      return call.end();
    }
    const backwards = options.getReadDirection() === 1;
    const count = Number(options.getCount());
    const from = stream.hasRevision() ? BigInt(stream.getRevision()) : stream.hasEnd() ? lastRevision(streamId) : 0n;
    const selected = (backwards ? [...events].reverse().filter((e) => e.revision <= from) : events.filter((e) => e.revision >= from)).slice(0, count);
    // Positions on stream reads from 22.6 on, for events that are not part of an explicit transaction.
    for (const record of selected) call.write(readEvent(record, streamReadPositions && record.commit === record.prepare));
    call.end();
  };

  const readAll = (call: { write(m: ReadResp): boolean; end(): void; emit(e: 'error', x: unknown): boolean }, request: ReadReq): void => {
    const options = request.getOptions()!;
    const all = options.getAll()!;
    const backwards = options.getReadDirection() === 1;
    const count = Number(options.getCount());
    let selected: FakeRecord[];
    if (all.hasPosition()) {
      const at = { commit: BigInt(all.getPosition()!.getCommitPosition()), prepare: BigInt(all.getPosition()!.getPreparePosition()) };
      if (!isRecordStart(at.commit)) return fail(call, INVALID_POSITION);
      selected = backwards ? log.filter((r) => compare(r, at) < 0).reverse() : log.filter((r) => compare(r, at) >= 0);
    } else {
      selected = backwards ? (all.hasEnd() ? [...log].reverse() : []) : all.hasStart() ? [...log] : [];
    }
    for (const record of selected.slice(0, count)) call.write(readEvent(record, true));
    call.end();
  };

  const subscribeToAll = (call: { write(m: ReadResp): boolean; end(): void; emit(e: 'error', x: unknown): boolean; on(e: 'cancelled', f: () => void): unknown }, request: ReadReq): void => {
    opened += 1;
    const options = request.getOptions()!;
    const all = options.getAll()!;
    let passes = (_record: FakeRecord): boolean => true;
    if (options.hasFilter()) {
      const filter = options.getFilter()!;
      const expression = filter.hasEventType() ? filter.getEventType()! : filter.getStreamIdentifier()!;
      const field = filter.hasEventType() ? 'type' : 'streamId';
      const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
      const prefixes = expression.getPrefixList();
      passes = (record) => (regex ? regex.test(record[field]) : prefixes.some((prefix) => record[field].startsWith(prefix)));
    }
    let after: { commit: bigint; prepare: bigint } | null = null;
    if (all.hasPosition()) {
      after = { commit: BigInt(all.getPosition()!.getCommitPosition()), prepare: BigInt(all.getPosition()!.getPreparePosition()) };
      if (!isRecordStart(after.commit)) return fail(call, INVALID_POSITION);
    }
    let ended = false;
    const subscriber = {
      deliver(record: FakeRecord) {
        if (!ended && passes(record)) call.write(readEvent(record, true));
      },
      drop(status: GrpcStatus) {
        if (ended) return;
        ended = true;
        live.delete(subscriber);
        fail(call, status);
      },
    };
    call.on('cancelled', () => {
      ended = true;
      live.delete(subscriber);
    });
    call.write(new pb.ReadResp().setConfirmation(new pb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())));
    if (failures && failures.times > 0) {
      failures.times -= 1;
      return subscriber.drop(failures.status);
    }
    // Catch-up after the position (exclusive: the server reads the record at it, then starts at the next).
    const start = all.hasEnd() ? log.length : after ? log.findIndex((r) => compare(r, after!) > 0) : 0;
    for (const record of log.slice(start < 0 ? log.length : start)) subscriber.deliver(record);
    call.write(new pb.ReadResp().setCaughtUp(new pb.ReadResp.CaughtUp()));
    live.add(subscriber);
  };

  const batchStatus = (code: number, message: string, detail?: { name: string; bytes: Uint8Array }) => {
    const status = new statusPb.Status().setCode(code).setMessage(message);
    if (detail) {
      const any = new Any();
      any.pack(detail.bytes, detail.name);
      status.setDetails(any as never);
    }
    return status;
  };

  const batchAppend = (call: { on(e: string, f: (x: BatchAppendReq) => void): unknown; write(m: BatchAppendResp): boolean; end(): void }): void => {
    const pending = new Map<string, { streamId: string; expected: InstanceType<typeof pb.BatchAppendReq.Options>; messages: InstanceType<typeof pb.BatchAppendReq.ProposedMessage>[]; size: number }>();
    call.on('data', (request: BatchAppendReq) => {
      const correlation = request.getCorrelationId()!;
      const key = correlation.getString();
      const options = request.getOptions();
      if (options) {
        const streamId = Buffer.from(options.getStreamIdentifier()!.getStreamName_asU8()).toString('utf8');
        pending.set(key, { streamId, expected: options, messages: [], size: 0 });
      }
      const write = pending.get(key);
      if (!write) return;
      for (const message of request.getProposedMessagesList()) {
        write.messages.push(message);
        write.size += Buffer.byteLength(message.getMetadataMap().get('type') ?? '') + message.getData_asU8().length + message.getCustomMetadata_asU8().length;
      }
      const respond = (response: BatchAppendResp) => {
        response.setCorrelationId(correlation);
        response.setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from(write.streamId, 'utf8')));
        call.write(response);
      };
      if (write.size > maxAppendSize) {
        pending.delete(key);
        const detail = new sharedPb.MaximumAppendSizeExceeded().setMaxappendsize(maxAppendSize);
        return respond(new pb.BatchAppendResp().setError(batchStatus(3, `Maximum Append Size of ${maxAppendSize} Exceeded.`, {
          name: 'event_store.client.MaximumAppendSizeExceeded', bytes: detail.serializeBinary(),
        })));
      }
      if (!request.getIsFinal()) return;
      pending.delete(key);
      appends.push({ streamId: write.streamId, events: write.messages.length });
      if (tombstoned.has(write.streamId)) {
        const detail = new sharedPb.StreamDeleted().setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from(write.streamId)));
        return respond(new pb.BatchAppendResp().setError(batchStatus(9, 'Stream deleted', { name: 'event_store.client.StreamDeleted', bytes: detail.serializeBinary() })));
      }
      const current = lastRevision(write.streamId);
      const expected = write.expected;
      const ok = expected.hasAny()
        || (expected.hasNoStream() && current === -1n)
        || (expected.hasStreamExists() && current >= 0n)
        || (expected.hasStreamPosition() && BigInt(expected.getStreamPosition()) === current);
      if (!ok) {
        const detail = new sharedPb.WrongExpectedVersion();
        if (current >= 0n) detail.setCurrentStreamRevision(current.toString());
        else detail.setCurrentNoStream(new sharedPb.Empty() as never);
        if (expected.hasStreamPosition()) detail.setExpectedStreamPosition(expected.getStreamPosition());
        else if (expected.hasNoStream()) detail.setExpectedNoStream(new sharedPb.Empty() as never);
        else detail.setExpectedStreamExists(new sharedPb.Empty() as never);
        return respond(new pb.BatchAppendResp().setError(batchStatus(9, 'WrongExpectedVersion', { name: 'event_store.client.WrongExpectedVersion', bytes: detail.serializeBinary() })));
      }
      // StorageWriterService.WritePrepares: one committed record per event; an empty write is one
      // empty record all the same. The answer carries the last record's position as commit and prepare.
      fake.aroundAppends?.('before');
      let revision = current;
      let last = end;
      if (write.messages.length === 0) end += 64n;
      for (const message of write.messages) {
        revision += 1n;
        last = end;
        const data = message.getData_asU8();
        add({
          streamId: write.streamId, id: message.getId()!.getString(), type: message.getMetadataMap().get('type') ?? '', revision,
          commit: last, prepare: last, isJson: message.getMetadataMap().get('content-type') === 'application/json',
          data, metadata: message.getCustomMetadata_asU8(), created: new Date(),
        });
        end += 100n + BigInt(data.length);
      }
      const success = new pb.BatchAppendResp.Success();
      if (revision >= 0n) success.setCurrentRevision(revision.toString());
      else success.setNoStream(new sharedPb.Empty() as never);
      success.setPosition(new sharedPb.AllStreamPosition().setCommitPosition(last.toString()).setPreparePosition(last.toString()));
      respond(new pb.BatchAppendResp().setSuccess(success));
      fake.aroundAppends?.('after');
    });
    call.on('end', () => call.end());
  };

  const server = new grpc.Server();
  server.addService(StreamsService, {
    read(call: Parameters<typeof subscribeToAll>[0] & { request: ReadReq }) {
      const options = call.request.getOptions()!;
      if (options.hasSubscription()) return subscribeToAll(call, call.request);
      reads += 1;
      return options.hasStream() ? readStream(call, call.request) : readAll(call, call.request);
    },
    batchAppend: batchAppend,
    append(_call: unknown, callback: (error: unknown) => void) {
      callback({ code: grpc.status.UNIMPLEMENTED, details: 'this fake answers BatchAppend only' });
    },
  } as never);
  if (version !== null) {
    server.addService(ServerFeaturesService, {
      getSupportedMethods(_call: unknown, callback: (error: unknown, value?: unknown) => void) {
        const methods = new featuresPb.SupportedMethods().setEventStoreServerVersion(version);
        for (const name of ['read', 'batchappend']) {
          methods.addMethods(new featuresPb.SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName(name));
        }
        callback(null, methods);
      },
    } as never);
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );

  const fake: FakeEventStoreDb = {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    aroundAppends: null,
    log,
    appends,
    subscriptions: () => opened,
    reads: () => reads,
    write(record) {
      const revision = record.revision ?? lastRevision(record.streamId) + 1n;
      const commit = record.commit ?? end;
      const prepare = record.prepare ?? commit;
      const data = bytesOf(record.data ?? {});
      if (record.commit === undefined) end += 100n + BigInt(data.length);
      return add({
        streamId: record.streamId, id: record.id ?? randomUUID(), type: record.type, revision, commit, prepare,
        isJson: record.isJson ?? true, data, metadata: bytesOf(record.metadata ?? {}), created: record.created ?? new Date(),
      });
    },
    tombstone(streamId) {
      tombstoned.add(streamId);
    },
    dropSubscriptions(status) {
      for (const subscriber of [...live]) subscriber.drop(status);
    },
    failSubscriptions(status, times) {
      failures = { status, times };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const subscriber of [...live]) subscriber.drop(UNAVAILABLE('Server shutting down'));
        server.tryShutdown(() => resolve());
        setTimeout(() => server.forceShutdown(), 500).unref();
      }),
  };
  return fake;
}
