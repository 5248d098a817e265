import { pageAddress } from '../../generator/contract/routes.js';
import type { PageProps } from '../types.js';
import { jsonForScript, movingCompanyJsonLd } from '../jsonld.js';
import { webPageJsonLd } from '../jsonld-page.js';
import { faviconDataUrl, ICON_PICTURES } from '../favicon.js';
import { useBrand } from '../palette.js';
import { shareCardPath } from '../share-card.js';

/** <head>: title, description, canonical, share cards, assets and the company's JSON-LD. */
export function Head({ page, path, site, assets, siteUrl, language, alternates, photos }: PageProps) {
  const { seo } = site.pages[page];
  const isNotFound = page === 'notFound';
  const url = `${siteUrl}${pageAddress(path)}`;
  // English is the default for visitors whose language is neither; only real pages have alternates.
  const languages = isNotFound || alternates.length < 2 ? [] : alternates;
  const locale = language.folder ? language.locale : site.settings.seo.locale;
  const { shareImage, shareImageAlt } = site.settings.seo;
  const photo = shareImage && photos.get('share', shareImage.src);
  const image = `${siteUrl}${photo ? photo.src : shareCardPath(language)}`;
  const imageAlt = shareImage?.alt ?? shareImageAlt;
  const { palette, logo } = useBrand();
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{seo.title}</title>
      <meta name="description" content={seo.description} />
      {/* The 404 page names no address of its own. It needs no noindex: hosts send it with status 404
          wherever it stands in for a missing page, and search engines index no such answer. */}
      {!isNotFound && <link rel="canonical" href={url} />}
      {languages.map((alternate) => (
        <link rel="alternate" hrefLang={alternate.language.hreflang} href={`${siteUrl}${alternate.path}`} key={alternate.language.code} />
      ))}
      {languages.length > 0 && <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${languages[0]!.path}`} />}
      <meta name="theme-color" content={palette.primary} />
      <meta name="color-scheme" content="light" />
      {logo ? (
        <link
          rel="icon"
          href={`/${ICON_PICTURES.tab.path}`}
          type="image/png"
          sizes={`${ICON_PICTURES.tab.size}x${ICON_PICTURES.tab.size}`}
        />
      ) : (
        <link rel="icon" href={faviconDataUrl(palette)} type="image/svg+xml" />
      )}
      {'inline' in assets.styles ? (
        <style dangerouslySetInnerHTML={{ __html: assets.styles.inline }} />
      ) : (
        <link rel="stylesheet" href={assets.styles.href} />
      )}
      <script type="module" src={assets.js} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.settings.company.name} />
      <meta property="og:locale" content={locale} />
      {alternates
        .filter((alternate) => alternate.language.code !== language.code)
        .map((alternate) => (
          <meta property="og:locale:alternate" content={alternate.language.locale} key={alternate.language.code} />
        ))}
      <meta property="og:title" content={seo.title} />
      <meta property="og:description" content={seo.description} />
      {!isNotFound && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={imageAlt} />
      {/* X reads the title, description and picture from the og: tags above; only these two have no og: twin. */}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image:alt" content={imageAlt} />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonForScript({
            ...(movingCompanyJsonLd(site, siteUrl, page) as object),
            ...(isNotFound ? {} : { mainEntityOfPage: webPageJsonLd({ site, page, url, language, alternates, siteUrl }) }),
          }),
        }}
      />
    </head>
  );
}
