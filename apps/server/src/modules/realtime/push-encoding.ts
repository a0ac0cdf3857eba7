import { decode as decodeMsgpack, encode as encodeMsgpack } from 'notepack.io';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/**
 * A push is written as JSON once, on the process that makes it, however many processes and sockets it reaches.
 *
 * Socket.IO with the Redis adapter wrote every push's payload three times: as MessagePack for Redis
 * (notepack.io, in JavaScript), as JSON for the sockets of the process that made it, and — on every other
 * process holding a socket of the room — decoded from MessagePack and written as JSON again. A push carries a
 * player's view (in bench/city 43 KB: the 100 objects and offers the player perceives), so that was ~13 % of
 * the server's CPU per event (bench/README.md, city). Here:
 * - `withPayloadJson(payload, send)` writes the payload as JSON once for the emit `send` makes;
 * - `PushEncoder` (Socket.IO's packet encoder) writes that packet around the ready JSON;
 * - `adapterCodec` (the Redis adapter's parser) sends the ready JSON to the other processes as it is, behind a
 *   small JSON header, and hands it on undecoded: the other process's `PushEncoder` writes it into its sockets'
 *   packets without parsing or writing it again.
 * Every socket receives exactly the bytes Socket.IO's own encoder would have written (JSON.stringify of the
 * packet's data, the same header): realtime/push-encoding.test.ts compares them. A payload holding binary data
 * takes Socket.IO's own way (binary attachments, MessagePack across Redis), as before.
 *
 * The processes on one Redis must all speak this: the adapter's channels are named apart from the default
 * ones (server.ts, ADAPTER_KEY), so a process of an older version on the same Redis neither receives these
 * messages nor sends them here — during a rolling upgrade, pushes between old and new processes are lost
 * (each player catches up with the next view), and nothing is misread.
 */

/** The JSON of a packet's `data` (the array `[event, payload]`), received from another process undecoded. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** The payload being emitted right now and its JSON, for the synchronous length of one emit. */
let current: { payload: object; json: string } | undefined;

/**
 * Runs `send` (one Socket.IO emit of `payload`) with the payload written as JSON once for it. The JSON is
 * known only while `send` runs (Socket.IO encodes and publishes a broadcast synchronously), so a payload
 * object changed and emitted again later is written again.
 */
export function withPayloadJson(payload: unknown, send: () => void): void {
  if (payload === null || typeof payload !== 'object' || hasBinary(payload)) return send();
  current = { payload, json: JSON.stringify(payload) };
  try {
    send();
  } finally {
    current = undefined;
  }
}

/** The JSON of `packet.data` when it is known without writing it: a ready payload, or one received as is. */
function readyDataJson(packet: Packet): string | undefined {
  if (packet.type !== PacketType.EVENT) return undefined;
  const { data } = packet as { data: unknown };
  if (data instanceof RawJson) return data.json;
  if (!current || !Array.isArray(data) || data.length !== 2 || data[1] !== current.payload) return undefined;
  const [event] = data as unknown[];
  return typeof event === 'string' ? `[${JSON.stringify(event)},${current.json}]` : undefined;
}

/** Socket.IO's packet encoder, writing a packet whose data's JSON is ready around it (encodeAsString's format). */
export class PushEncoder extends Encoder {
  override encode(packet: Packet): (string | Buffer)[] {
    const data = readyDataJson(packet);
    if (data === undefined) return super.encode(packet) as (string | Buffer)[];
    let head = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') head += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) head += String(packet.id);
    return [head + data];
  }
}

/** The `parser` option of Socket.IO's Server: the push encoder, Socket.IO's own decoder. */
export const pushParser = { Encoder: PushEncoder, Decoder };

/** A message whose packet's data travels as ready JSON: 'L', the rest of the message as JSON, '\n', the data. */
const READY = 0x4c;
const NEWLINE = 0x0a;

/**
 * The Redis adapter's parser (its messages between processes). A broadcast whose payload's JSON is ready goes
 * as that JSON behind a header (above); any other message without binary data as JSON, and one with binary
 * data as MessagePack (the adapter's own default). The reader tells them apart by the first byte: the adapter
 * sends arrays and objects only, which MessagePack starts with 0x80–0x9f or 0xdc–0xdf, never 'L', '[' or '{'.
 */
export const adapterCodec = {
  encode(message: unknown): string | Buffer {
    if (Array.isArray(message) && message.length === 3) {
      const [uid, packet, opts] = message as [unknown, Packet | undefined, unknown];
      const data = packet && typeof packet === 'object' ? readyDataJson(packet) : undefined;
      if (data !== undefined) {
        // JSON.stringify writes no raw newline (one inside a string is escaped): the first '\n' ends the header.
        return `L${JSON.stringify([uid, { ...packet, data: undefined }, opts])}\n${data}`;
      }
    }
    return hasBinary(message) ? (encodeMsgpack(message) as Buffer) : JSON.stringify(message);
  },
  decode(raw: Buffer | string): unknown {
    const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
    if (bytes[0] === READY) {
      const end = bytes.indexOf(NEWLINE);
      const message = JSON.parse(bytes.toString('utf8', 1, end)) as [unknown, Packet, unknown];
      message[1].data = new RawJson(bytes.toString('utf8', end + 1));
      return message;
    }
    return bytes[0] === 0x5b || bytes[0] === 0x7b ? JSON.parse(bytes.toString('utf8')) : decodeMsgpack(bytes);
  },
};

/**
 * Whether `value` holds binary data anywhere (a Buffer, typed array, ArrayBuffer, Blob or File, also behind a
 * `toJSON`), which JSON cannot carry: the test of Socket.IO's own encoder (socket.io-parser's is-binary.js), so
 * that a payload takes the binary way here exactly when it did there.
 */
export function hasBinary(value: unknown, viaToJson = false): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasBinary(item));
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof Blob) return true;
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === 'function' && !viaToJson) return hasBinary((toJson as () => unknown).call(value), true);
  for (const key in value)
    if (Object.prototype.hasOwnProperty.call(value, key) && hasBinary((value as Record<string, unknown>)[key]))
      return true;
  return false;
}
