import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { AuthenticationOptions, RegistrationOptions } from '#domain/passkeys.ts';
import type { TestClient } from './harness.ts';

// A software WebAuthn authenticator for the integration tests: an ES256 key pair per credential, made with
// node:crypto, an attestation object in the 'none' format and assertions signed as a real authenticator signs them.
// The server checks these with @simplewebauthn/server exactly as it checks a browser's.

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue> | { [key: string]: CborValue };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The CBOR (RFC 8949) of integers, byte and text strings, arrays and maps: what attestation objects hold. */
export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/** A PublicKeyCredential as the browser sends it (JSON): the credential's ids around the authenticator's response. */
function publicKeyCredential<Response extends object>(
  credential: { id: Uint8Array },
  clientData: string,
  response: Response,
) {
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: { clientDataJSON: b64url(clientData), ...response },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
}
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface Tampering {
  /** The origin the "browser" puts in clientDataJSON (a phishing site's, say). */
  origin?: string;
  /** A challenge other than the one the options carry. */
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  private readonly origin: string;

  /** @param origin what the "browser" this authenticator sits in reports: the app's public URL. */
  constructor(origin: string) {
    this.origin = origin;
  }

  /** navigator.credentials.create: a new credential, answered as @simplewebauthn/browser's startRegistration does. */
  register(options: RegistrationOptions, tampering: Tampering = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = { id: randomBytes(16), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    const coseKey = new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      encodeCbor(coseKey),
    ]);
    const clientData = this.clientData('webauthn.create', options.challenge, tampering);
    this.credentials.push(credential);
    return publicKeyCredential(credential, clientData, {
      attestationObject: b64url(encodeCbor({ fmt: 'none', attStmt: {}, authData })),
      transports: ['internal'],
    });
  }

  /** navigator.credentials.get with discoverable credentials: signs with the newest credential for the site. */
  authenticate(options: AuthenticationOptions, tampering: Tampering & { credential?: Credential } = {}) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const credential = tampering.credential ?? this.credentials.findLast((item) => item.rpId === rpId);
    if (!credential) throw new Error(`no credential for ${rpId}`);
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), counter]);
    const clientData = this.clientData('webauthn.get', options.challenge, tampering);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), credential.privateKey);
    return publicKeyCredential(credential, clientData, {
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    });
  }

  private clientData(type: string, challenge: string, tampering: Tampering): string {
    return JSON.stringify({
      type,
      challenge: tampering.challenge ?? challenge,
      origin: tampering.origin ?? this.origin,
      crossOrigin: false,
    });
  }
}

/** Adds a passkey to the client's account through the API, as the account menu does; answers the POST's response. */
export async function addPasskeyThroughApi(client: TestClient, authenticator: SoftwareAuthenticator, name?: string) {
  const options = await client.post('/api/user/passkeys/registration-options');
  if (options.status !== 200) throw new Error(`registration options: ${options.status} ${options.text}`);
  return client.post('/api/user/passkeys', { response: authenticator.register(options.body), name });
}

/** Signs the client in with the authenticator's newest passkey, as /auth does; answers the POST's response. */
export async function signInWithPasskeyThroughApi(client: TestClient, authenticator: SoftwareAuthenticator) {
  const options = await client.post('/api/passkeys/authentication-options');
  if (options.status !== 200) throw new Error(`authentication options: ${options.status} ${options.text}`);
  return client.post('/api/passkeys/authenticate', { response: authenticator.authenticate(options.body) });
}
