import { describe, expect, it } from 'vitest';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { adapterCodec, PushEncoder, RawJson, withPayloadJson } from './push-encoding.js';

/** What Socket.IO's own encoder writes for a packet: the bytes a socket received before this module. */
const socketIoWrites = (packet: Packet) => new Encoder().encode(packet);

/** A push as the server makes it: a player's view with the kinds of value JSON treats specially. */
const view = () => ({
  instanceId: 'b6c2…',
  outputs: [{ playerId: 'p1', action: 'showInfo', text: 'Ένα "μήνυμα"\nσε δύο γραμμές — ✓', blocking: true }],
  view: {
    playerId: 'p1',
    location: null,
    finished: undefined,
    at: new Date('2026-11-24T12:00:00.000Z'),
    perceived: { objects: [{ id: 'o1', location: { latitude: 35.515483039885, longitude: 24.0162134 } }] },
    score: Number.NaN,
  },
});

describe('push encoding', () => {
  it('writes a pushed packet exactly as Socket.IO would, from the payload written once', () => {
    const payload = view();
    const encoder = new PushEncoder();
    for (const nsp of ['/', '/admin']) {
      const packet: Packet = { type: PacketType.EVENT, nsp, data: ['outputs', payload] };
      let written: unknown;
      withPayloadJson(payload, () => (written = encoder.encode(packet)));
      expect(written).toEqual(socketIoWrites(packet));
    }
  });

  it('passes a push to another process with its JSON as is, and that process writes the same packet', () => {
    const payload = view();
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['playerView', payload] };
    const opts = { rooms: ['player:i1:p1'], except: [], flags: {} };
    let message: string | Buffer = '';
    withPayloadJson(payload, () => (message = adapterCodec.encode(['node-a', packet, opts])));

    const [uid, received, receivedOpts] = adapterCodec.decode(Buffer.from(message)) as [string, Packet, unknown];
    expect(uid).toBe('node-a');
    expect(receivedOpts).toEqual(opts);
    expect(received.data).toBeInstanceOf(RawJson);
    expect(new PushEncoder().encode(received)).toEqual(socketIoWrites(packet));
  });

  it('writes a payload changed after its emit again, not from the JSON of that emit', () => {
    const payload = view();
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['outputs', payload] };
    const encoder = new PushEncoder();
    withPayloadJson(payload, () => encoder.encode(packet));
    payload.outputs = [];
    expect(encoder.encode(packet)).toEqual(socketIoWrites(packet));
    expect(encoder.encode(packet)[0]).toContain('"outputs":[]');
  });

  it('sends a payload with binary data the way Socket.IO did: attachments to sockets, MessagePack across Redis', () => {
    const payload = { instanceId: 'i1', picture: Buffer.from([1, 2, 3]) };
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['media', payload] };
    let written: unknown;
    let message: string | Buffer = '';
    withPayloadJson(payload, () => {
      written = new PushEncoder().encode(packet);
      message = adapterCodec.encode(['node-a', packet, { rooms: [], except: [] }]);
    });
    expect(written).toEqual(socketIoWrites(packet));
    expect(Buffer.isBuffer(message)).toBe(true);
    const [, received] = adapterCodec.decode(message) as [string, Packet];
    expect(Buffer.from((received.data as [string, { picture: Uint8Array }])[1].picture)).toEqual(payload.picture);
  });

  it('carries the adapter’s other messages (requests, answers) as JSON both ways', () => {
    const request = { uid: 'node-a', requestId: 'r1', type: 5, rooms: ['user:u1'] };
    const message = adapterCodec.encode(request);
    expect(typeof message).toBe('string');
    expect(adapterCodec.decode(Buffer.from(message))).toEqual(request);
    expect(adapterCodec.decode(Buffer.from(adapterCodec.encode(['node-a', { type: 2 }, {}])))).toEqual([
      'node-a',
      { type: 2 },
      {},
    ]);
  });
});
