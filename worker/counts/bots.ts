/**
 * Whether a request comes from a program rather than a person: Cloudflare's verified-bot signal
 * when the request carries it, else a user agent that names itself a crawler, a headless browser
 * or a library. The user agent is only looked at here, never kept. WhatsApp fetching a link's
 * preview names itself first (WhatsApp/2.23.20.0 A); a page opened in WhatsApp's own browser is a
 * browser's agent with WhatsApp/… at its end, a visitor like any other.
 */
const BOT_AGENT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|^whatsapp\/|preview|headless|lighthouse|pagespeed|phantomjs|selenium|puppeteer|playwright|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|libwww|scrapy/i;

interface BotSignals {
  verifiedBotCategory?: string;
  botManagement?: { verifiedBot?: boolean };
}

export function isBot(request: Request): boolean {
  const cf = (request as { cf?: BotSignals }).cf;
  if (cf?.botManagement?.verifiedBot || cf?.verifiedBotCategory) return true;
  const agent = request.headers.get('User-Agent') ?? '';
  // A browser always names itself; a request without a user agent is a program.
  return agent === '' || BOT_AGENT.test(agent);
}
