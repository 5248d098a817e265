import type { PageProps } from './types.js';

/** The whole HTML document for one page. */
export function Document(props: PageProps) {
  const { site, path, assets } = props;
  const seo = site.pages[props.page].seo;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{seo.title}</title>
        <meta name="description" content={seo.description} />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.js} />
      </head>
      <body>
        <header>
          <nav aria-label="Main">
            <ul>
              {site.layout.header.nav.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={item.href === path ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="main">
          <h1>{seo.title}</h1>
        </main>
        <footer>
          <p>
            © <span data-year>{props.buildYear}</span> {site.settings.company.name}. {site.layout.footer.rights}
          </p>
        </footer>
      </body>
    </html>
  );
}
