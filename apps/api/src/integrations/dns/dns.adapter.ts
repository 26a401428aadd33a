import { resolveTxt } from 'node:dns/promises';

/**
 * Looks up DNS TXT records (a custom domain's proof of ownership, `_khidma.<domain>`).
 *
 * `system` asks the machine's resolver (node:dns). `local` (DNS_RESOLVER=local, the default outside
 * production) answers from an in-memory map that tests and development fill with `localDns.set`, so
 * no test depends on the network and a developer can "verify" a domain they do not own.
 */
export type DnsAdapter = {
  /** The TXT values of `name`, each record's chunks joined; none (not an error) when it has none or does not exist. */
  txt(name: string): Promise<string[]>;
};

const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA', 'ENOTIMP', 'ESERVFAIL', 'EREFUSED', 'ETIMEOUT', 'ECONNREFUSED']);

export const systemDns: DnsAdapter = {
  async txt(name) {
    try {
      const records = await resolveTxt(name);
      return records.map((chunks) => chunks.join(''));
    } catch (err) {
      if (NO_RECORDS.has((err as { code?: string }).code ?? '')) return [];
      throw err;
    }
  },
};

const localRecords = new Map<string, string[]>();

/** The local resolver's records: `localDns.set('_khidma.example.com', ['token'])`. */
export const localDns = {
  set(name: string, values: string[]) {
    localRecords.set(name.toLowerCase().replace(/\.$/, ''), [...values]);
  },
  delete(name: string) {
    localRecords.delete(name.toLowerCase().replace(/\.$/, ''));
  },
  clear() {
    localRecords.clear();
  },
};

export const localDnsAdapter: DnsAdapter = {
  async txt(name) {
    return [...(localRecords.get(name.toLowerCase().replace(/\.$/, '')) ?? [])];
  },
};

export function dnsAdapterFor(resolver: string): DnsAdapter {
  return resolver === 'system' ? systemDns : localDnsAdapter;
}
