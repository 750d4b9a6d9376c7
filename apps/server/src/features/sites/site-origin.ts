import type { Config } from '../../config.ts';
import type { Site } from '../../platform/sites.ts';

/**
 * The public origin of a site, from its configured domain, never from a request's Host header
 * (guide: reset links). Local demo domains (*.localhost) use PUBLIC_URL's scheme and port.
 */
export function siteOrigin(site: Site, config: Pick<Config, 'publicUrl'>): string {
  const pub = new URL(config.publicUrl);
  if (site.domain === pub.hostname) return config.publicUrl;
  if (site.domain === 'localhost' || site.domain.endsWith('.localhost')) {
    return `${pub.protocol}//${site.domain}${pub.port ? `:${pub.port}` : ''}`;
  }
  return `https://${site.domain}`;
}
