import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Store } from '../store';

/**
 * The desk's accounts and sessions: passwords hashed with scrypt (node:crypto), sessions as random ids whose
 * SHA-256 alone is stored, so that every instance knows them and a copy of the database signs nobody in.
 */

/** The shortest password an account may have. */
export const MIN_PASSWORD_LENGTH = 12;
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 3600_000;
/** And this long after signing in, however busy: a working day, so a cookie taken along is not good for ever. */
export const SESSION_MAX_MS = 12 * 3600_000;
/** Wrong passwords for one name within LOCK_WINDOW_MS that lock it for LOCK_MS. */
export const LOCK_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/**
 * Wrong passwords from one client (its address, as the order rate limit counts it) within LOCK_WINDOW_MS that
 * hold it back for LOCK_MS, whatever names it tries: random names would never lock a name, and each try costs
 * a scrypt derivation.
 */
export const CLIENT_LOCK_FAILURES = 30;

/**
 * Wrong tokens for the owner's CSV export from one client within LOCK_WINDOW_MS that hold it back for LOCK_MS:
 * the token is long, and guessing it is still never to be free.
 */
export const EXPORT_LOCK_FAILURES = 10;

/**
 * scrypt's cost: OWASP's Password Storage Cheat Sheet asks for at least N = 2^17, r = 8, p = 1 (128 MiB), or the
 * same work with less memory; N = 2^15, r = 8, p = 3 is its 32 MiB form, some 150 ms a try here. A hash made
 * at another cost is made again at this one on its account's next sign-in.
 */
const COST = { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 64;

/** The derivation under way, which the next one waits for. */
let running: Promise<unknown> = Promise.resolve();

/**
 * One derivation at a time per process: each takes 32 MiB, so a burst of sign-ins (a hundred at once, under
 * random names) queues instead of taking gigabytes; the desk's few users never notice the wait.
 */
function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const next = running.then(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
  running = next.catch(() => undefined);
  return next;
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url: the cost travels with the hash, so it can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether a stored hash was made at another cost than today's (or another way), and is to be made again. */
export function madeAtOtherCost(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== COST.N || Number(r) !== COST.r || Number(p) !== COST.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash no password matches, checked for unknown names, so that they take as long as known ones. */
let decoy: Promise<string> | undefined;

/**
 * Makes the decoy hash now, when the sign-in page is shown: made on the first unknown name instead, that try
 * would take two derivations, and tell that the name does not exist.
 */
export function prepareSignIn(): void {
  decoy ??= hashPassword(randomBytes(32).toString('hex'));
}

/** An account's name: 2 to 40 lower-case letters, digits, `.`, `_` or `-`, starting with a letter or digit. */
export function accountName(raw: string): string | undefined {
  const name = raw.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9._-]{1,39}$/.test(name) ? name : undefined;
}

export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `A password has at least ${MIN_PASSWORD_LENGTH} characters`;
  return undefined;
}

export type SignInResult =
  { ok: true; name: string } | { ok: false; reason: 'wrong' | 'locked' | 'throttled' };

/**
 * When the name's lock ends: 15 minutes after the fifth wrong password within 15 minutes (`failures` counts
 * them, the try under way included when it is recorded already); or undefined.
 */
export async function lockedUntil(
  store: Store,
  name: string,
  now: Date,
  failures = LOCK_FAILURES,
): Promise<Date | undefined> {
  const recent = await store.lastFailures(name, failures);
  if (recent.length < failures) return undefined;
  const newest = recent[0]!.getTime();
  const oldest = recent.at(-1)!.getTime();
  if (newest - oldest > LOCK_WINDOW_MS) return undefined;
  const until = new Date(newest + LOCK_MS);
  return until > now ? until : undefined;
}

/** Wrong tries counted under `name`; `limit` of them within LOCK_WINDOW_MS hold back for LOCK_MS. */
export interface TryCounter {
  name: string;
  limit: number;
}

export type ThrottledTry =
  | { outcome: 'right' }
  /** Wrong; `held` when this try reached a counter's limit, so that the next is held back. */
  | { outcome: 'wrong'; held?: { counter: TryCounter; until: Date } }
  /** Refused unchecked: a counter holds the client back until then. */
  | { outcome: 'held'; counter: TryCounter; until: Date };

/**
 * A try of a secret (a password, the export's token), checked by `isRight` unless a counter holds it back. The try
 * counts as wrong under every counter until it proves right: tries sent at once, to one instance or several, would
 * otherwise all pass the first check before any of them was recorded. This way each sees those recorded before
 * it, and one past the limit is refused unchecked. A right one clears the counters.
 */
export async function throttledTry(
  store: Store,
  counters: readonly TryCounter[],
  now: Date,
  isRight: () => Promise<boolean>,
): Promise<ThrottledTry> {
  /** The first counter that holds the client back, counting `extra` tries recorded already (the one under way). */
  const heldBy = async (extra: number) => {
    for (const counter of counters) {
      const until = await lockedUntil(store, counter.name, now, counter.limit + extra);
      if (until) return { counter, until };
    }
    return undefined;
  };
  const before = await heldBy(0);
  if (before) return { outcome: 'held', ...before };
  for (const { name } of counters) await store.recordFailure(name, now);
  const during = await heldBy(1);
  if (during) return { outcome: 'held', ...during };
  if (await isRight()) {
    for (const { name } of counters) await store.clearFailures(name);
    return { outcome: 'right' };
  }
  return { outcome: 'wrong', held: await heldBy(0) };
}

/**
 * Checks a name and password. A wrong password is counted for the name whether it exists or not, and the
 * answer never says which: the same words, and the same scrypt work, for both. `client` is the client's key
 * (its hashed address): its wrong passwords are counted too, under a key no account name can have.
 */
export async function signIn(
  store: Store,
  rawName: string,
  password: string,
  now: Date,
  client?: string,
): Promise<SignInResult> {
  const name = rawName.trim().toLowerCase().slice(0, 100);
  const counters = [{ name, limit: LOCK_FAILURES }];
  if (client !== undefined) counters.push({ name: `client:${client}`, limit: CLIENT_LOCK_FAILURES });
  let stored: string | undefined;
  const result = await throttledTry(store, counters, now, async () => {
    stored = accountName(name) ? await store.passwordOf(name) : undefined;
    prepareSignIn();
    // The decoy's derivation for an unknown name: it takes as long as a known one's.
    const matches = await verifyPassword(password, stored ?? (await decoy!));
    return stored !== undefined && matches;
  });
  const held = result.outcome === 'held' ? result : result.outcome === 'wrong' ? result.held : undefined;
  if (held) return { ok: false, reason: held.counter === counters[0] ? 'locked' : 'throttled' };
  if (result.outcome === 'wrong') return { ok: false, reason: 'wrong' };
  if (madeAtOtherCost(stored!)) await store.setPassword(name, await hashPassword(password));
  return { ok: true, name };
}

/** A new session's id for the cookie (256 random bits), and what the database keeps of it. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
