import { escapeHtml } from "@choir/contract";
import type { FastifyRequest } from "fastify";
import { isLoopbackHost, isLoopbackRequest } from "../http/loopback.js";

/** The server-rendered local development sign-in page (no identity provider configured). */

export interface DemoUser {
  firstName: string;
  lastName: string;
  email: string;
  description: { en: string; es: string };
}

/** Offered on the form so a newcomer can try both sides of the product at once. */
export const DEMO_USERS: DemoUser[] = [
  {
    firstName: "Ana",
    lastName: "Directora",
    email: "ana.director@example.com",
    description: { en: "Choir director", es: "Directora del coro" },
  },
  {
    firstName: "Ben",
    lastName: "Singer",
    email: "ben.singer@example.com",
    description: { en: "Singer in the choir", es: "Cantante del coro" },
  },
  {
    firstName: "Clara",
    lastName: "Nueva",
    email: "clara.new@example.com",
    description: { en: "New to the app", es: "Nueva en la aplicación" },
  },
];

const TEXT = {
  en: {
    title: "Local sign-in",
    badge: "Local development sign-in",
    intro:
      "No identity provider is configured, so this server signs you in locally. Pick a demo person or enter any name and e-mail.",
    demo: "Demo people",
    or: "Or sign in as someone else",
    name: "Name",
    email: "E-mail",
    submit: "Sign in",
    signInAs: "Sign in as",
  },
  es: {
    title: "Inicio de sesión local",
    badge: "Inicio de sesión de desarrollo local",
    intro:
      "No hay un proveedor de identidad configurado, así que este servidor inicia la sesión localmente. Elige una persona de demostración o escribe cualquier nombre y correo.",
    demo: "Personas de demostración",
    or: "O inicia sesión como otra persona",
    name: "Nombre",
    email: "Correo electrónico",
    submit: "Iniciar sesión",
    signInAs: "Iniciar sesión como",
  },
} as const;

export type PageLanguage = keyof typeof TEXT;

const STYLE = `
  :root { color-scheme: light dark; --fg:#1b2430; --bg:#f6f7f9; --card:#fff; --muted:#4a5565; --accent:#1f5f8b; --line:#d5dae1; }
  @media (prefers-color-scheme: dark) { :root { --fg:#e9edf2; --bg:#12161c; --card:#1b222b; --muted:#b4bfcc; --accent:#7fb8e0; --line:#344050; } }
  * { box-sizing: border-box; }
  body { margin:0; font: 18px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:var(--fg); background:var(--bg); }
  main { max-width: 34rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
  h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
  h2 { font-size: 1.15rem; margin: 1.75rem 0 .75rem; }
  .badge { display:inline-block; padding:.2rem .6rem; border-radius:999px; background:#fff3bf; color:#5c4400; font-weight:600; font-size:.85rem; }
  p { color: var(--muted); }
  .card { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:1rem; }
  .demo { display:grid; gap:.75rem; }
  .demo button { width:100%; text-align:left; }
  button { font: inherit; cursor:pointer; border-radius:10px; border:1px solid var(--accent); background:var(--accent); color:var(--bg); padding:.7rem 1rem; font-weight:600; }
  .demo button { background:var(--card); color:var(--fg); border-color:var(--line); }
  .demo small { display:block; color:var(--muted); font-weight:400; }
  label { display:block; font-weight:600; margin:.75rem 0 .25rem; }
  input { width:100%; font: inherit; padding:.6rem .75rem; border-radius:10px; border:1px solid var(--line); background:var(--bg); color:var(--fg); }
  form.custom button { margin-top:1rem; width:100%; }
`;

export function renderLocalSignInPage(state: string, lang: PageLanguage): string {
  const t = TEXT[lang];
  const demoButtons = DEMO_USERS.map(
    (user) => `
      <form method="post" action="/api/auth/local">
        <input type="hidden" name="state" value="${escapeHtml(state)}">
        <input type="hidden" name="name" value="${escapeHtml(`${user.firstName} ${user.lastName}`)}">
        <input type="hidden" name="email" value="${escapeHtml(user.email)}">
        <button type="submit" aria-label="${escapeHtml(`${t.signInAs} ${user.firstName} ${user.lastName}`)}">
          ${escapeHtml(`${user.firstName} ${user.lastName}`)}
          <small>${escapeHtml(user.description[lang])} · ${escapeHtml(user.email)}</small>
        </button>
      </form>`,
  ).join("");
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <span class="badge">${t.badge}</span>
  <h1>${t.title}</h1>
  <p>${t.intro}</p>
  <h2>${t.demo}</h2>
  <div class="demo">${demoButtons}</div>
  <h2>${t.or}</h2>
  <form class="custom card" method="post" action="/api/auth/local">
    <input type="hidden" name="state" value="${escapeHtml(state)}">
    <label for="name">${t.name}</label>
    <input id="name" name="name" autocomplete="name" required maxlength="200">
    <label for="email">${t.email}</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
    <button type="submit">${t.submit}</button>
  </form>
</main>
</body>
</html>`;
}

/**
 * Where a local sign-in sends the browser back to. One server on this machine answers on several loopback names
 * (localhost, 127.0.0.1, [::1]); the sign-in cookie and the page's form-action 'self' belong to the name the browser
 * used, so the flow ends on it. The Host header is believed only when everything is on this machine: PUBLIC_URL is a
 * loopback address, the caller's socket is loopback (nothing relayed), and Host names a loopback host on
 * PUBLIC_URL's own port and scheme. Anything else, and every non-local sign-in, ends on PUBLIC_URL.
 */
export function localSignInOrigin(request: FastifyRequest, publicUrl: string): string {
  const configured = new URL(publicUrl);
  const host = request.headers.host?.trim().toLowerCase();
  if (!host || !isLoopbackHost(configured.hostname) || !isLoopbackRequest(request)) return publicUrl;
  let asked: URL;
  try {
    asked = new URL(`${configured.protocol}//${host}`);
  } catch {
    return publicUrl;
  }
  // A Host with anything beyond name and port (user info, a path) is not a plain address of this server.
  if (asked.host !== host || asked.port !== configured.port) return publicUrl;
  if (!isLoopbackHost(asked.hostname)) return publicUrl;
  return asked.origin;
}
