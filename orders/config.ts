import path from 'node:path';
import { z } from 'zod';

/** The service's settings, from the environment, checked once at start-up (README, "Configuration"). */

const origin = z.url().refine((value) => new URL(value).origin === value, 'an origin: scheme, host and port');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('127.0.0.1'),
  /** Holds `orders.db` (SQLite) and `mail/` (mails as .eml files when no SMTP_URL is set). */
  ORDERS_DATA_DIR: z.string().default('.data'),
  /** `postgres://…` for Postgres; unset, SQLite in ORDERS_DATA_DIR. */
  DATABASE_URL: z
    .url()
    .refine((value) => ['postgres:', 'postgresql:'].includes(new URL(value).protocol), 'a postgres:// URL')
    .optional(),
  /** e.g. `smtps://user:password@smtp.example.com`; unset, mails are written to ORDERS_DATA_DIR/mail/. */
  SMTP_URL: z.url().optional(),
  /** The sender of the order mails; unset, the sales address of content/site.json. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Where the desk is for the sales team, e.g. `https://www.leadwerk.de/desk`: the seller's mail links there. */
  DESK_URL: z.url().optional(),
  /** The bearer token of `GET /api/orders.csv`; unset, the export is off. */
  ORDERS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  /** New orders per address per 10 minutes; 0 turns the limit off. */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** `1` when a proxy in front sets X-Forwarded-For: the client is the address it appended last. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** The longest wait between two tries of a mail, in ms. */
  MAIL_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(5 * 60_000),
  /** How long one try of a mail may take before it counts as lost (a crash mid-send) and is tried again, in ms. */
  MAIL_LEASE_MS: z.coerce
    .number()
    .int()
    .min(400)
    .default(2 * 60_000),
  /** Tries of a mail that fails for now before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(60),
  /** Years orders are kept after the end of their year (§ 257 HGB, § 147 AO; docs/orders.md). */
  ORDER_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(6),
  /** How long SIGTERM waits for requests and the mail under way, in ms. */
  SHUTDOWN_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
});

export interface OrdersConfig {
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** An SMTP URL, or the folder that takes .eml files. */
  mail: { kind: 'smtp'; url: string } | { kind: 'folder'; dir: string };
  mailFrom: string | undefined;
  deskUrl: string | undefined;
  ordersToken: string | undefined;
  allowedOrigins: string[];
  rateLimit: number;
  trustProxy: boolean;
  retryMaxMs: number;
  leaseMs: number;
  maxAttempts: number;
  retentionYears: number;
  shutdownMs: number;
}

/** Reads the settings; a wrong one stops the service with the variable's name and what it expects. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): OrdersConfig {
  // A setting with an empty value is not set, as for every setting: an env file's `SMTP_URL=` line means no SMTP
  // (not "Invalid URL"), and a `PORT=` or `HOST=` line the default (not any port, on every interface).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success)
    throw new Error(
      `Invalid order service settings:\n${parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    );
  const e = parsed.data;
  const dataDir = path.resolve(e.ORDERS_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'orders.db') },
    mail: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL }
      : { kind: 'folder', dir: path.join(dataDir, 'mail') },
    mailFrom: e.MAIL_FROM,
    deskUrl: e.DESK_URL,
    ordersToken: e.ORDERS_TOKEN,
    allowedOrigins: e.ALLOWED_ORIGINS,
    rateLimit: e.ORDER_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY === '1',
    retryMaxMs: e.MAIL_RETRY_MAX_MS,
    leaseMs: e.MAIL_LEASE_MS,
    maxAttempts: e.MAIL_MAX_ATTEMPTS,
    retentionYears: e.ORDER_RETENTION_YEARS,
    shutdownMs: e.SHUTDOWN_MS,
  };
}

/**
 * What the settings will do that an operator would not want in production, in words for the start-up log: the
 * service starts anyway, since each is right for trying it out on one machine.
 */
export function settingWarnings(
  config: OrdersConfig,
  salesAddress: string,
  /** The seller's details as content/site.json has them: every confirmation prints them. */
  seller: Record<string, string | string[]>,
): string[] {
  const warnings: string[] = [];
  if (config.mail.kind === 'folder')
    warnings.push(
      `no SMTP_URL: every mail, to the sales team and to buyers, is written to ${config.mail.dir} and reaches nobody. Set SMTP_URL in production.`,
    );
  // Mails that reach people: what they carry should be real.
  if (config.mail.kind === 'smtp') {
    // The shipped seller details say "(Platzhalter)" until the owner enters the company's own (content/README.md).
    const placeholders = Object.entries(seller)
      .filter(([, value]) => [value].flat().some((part) => part.includes('Platzhalter')))
      .map(([field]) => field);
    if (placeholders.length > 0)
      warnings.push(
        `the seller's details in content/site.json are placeholders (${placeholders.join(', ')}), and every mail to a buyer prints them. Enter the company's own before taking orders.`,
      );
    if (!config.deskUrl)
      warnings.push(
        `no DESK_URL: the sales team's mails carry no link to the order in the desk. Set DESK_URL to the desk's address, e.g. https://shop.example/desk.`,
      );
  }
  // The sender's address, from `Name <address>` or a bare address.
  const sender = (config.mailFrom ?? salesAddress).split(/[\s<>",]+/).filter((part) => part.includes('@'));
  if (sender.some((address) => address.toLowerCase() === salesAddress.toLowerCase()))
    warnings.push(
      `the order mails are sent from the sales address (the email of content/site.json) to itself. Gmail and some mail apps then answer a reply to the sales team's mail to that address, not to the buyer it names as Reply-To. Set MAIL_FROM to another sender, e.g. shop@ on the same domain.`,
    );
  return warnings;
}
