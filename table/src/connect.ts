// How the page learns who it is: the Embedded App SDK inside Discord, the SDK's mock in a
// plain browser (its user, guild, channel and code from the URL), or a watch link's token.
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";
import { setTexts } from "./texts";

export type Opening =
  | { kind: "seat"; hello: Record<string, unknown> }
  | { kind: "watch"; hello: Record<string, unknown> };

/** A failure before the table opens, with the server's sentence when it gave one. */
export class OpeningError extends Error {
  constructor(public code: string, message: string) {
    super(message);
  }
}

async function json(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  let data: Record<string, unknown> = {};
  try {
    data = await response.json();
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!response.ok) {
    throw new OpeningError(String(data.error ?? response.status), String(data.message ?? ""));
  }
  return data;
}

/** The watch token of a /watch/<token> address, or null. */
export function watchToken(path: string): string | null {
  const found = /^\/watch\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return found ? found[1] : null;
}

/** Open the way this page was reached: a watch link, Discord, or the mock. The server's
 * config brings the page's early words, in the language the browser asks for. */
export async function open(): Promise<Opening> {
  const query = new URLSearchParams(location.search);
  const browserLocale = query.get("locale") ?? navigator.language;
  const config = await json(`/api/config?locale=${encodeURIComponent(browserLocale)}`);
  setTexts(config.texts as Record<string, string> | undefined);
  if (typeof config.lang === "string") document.documentElement.lang = config.lang;
  const token = watchToken(location.pathname);
  if (token) return { kind: "watch", hello: { t: "watch", token, locale: browserLocale } };
  if (!config.client_id) throw new OpeningError("failed", "");
  const clientId = String(config.client_id);
  const embedded = query.has("frame_id");
  const sdk = embedded ? new DiscordSDK(clientId) : mock(clientId, query);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  const token_ = await json("/api/token", { code, locale: browserLocale });
  await sdk.commands.authenticate({ access_token: String(token_.access_token) });
  let locale = browserLocale;
  try {
    locale = (await sdk.commands.userSettingsGetLocale()).locale || locale;
  } catch {
    // Older clients lack the command: the browser's language is the next best.
  }
  return {
    kind: "seat",
    hello: {
      t: "hello", session: token_.session, channel_id: sdk.channelId, guild_id: sdk.guildId,
      instance_id: sdk.instanceId, locale,
    },
  };
}

/** The SDK's mock, answering as the URL says: user_id, user_name, guild_id, channel_id,
 * instance_id, code (the authorization code its authorize returns) and locale. */
function mock(clientId: string, query: URLSearchParams): DiscordSDKMock {
  const userId = query.get("user_id") ?? "1";
  const sdk = new DiscordSDKMock(clientId, query.get("guild_id") || null,
                                 query.get("channel_id"), null);
  const instance = query.get("instance_id");
  if (instance) Object.defineProperty(sdk, "instanceId", { value: instance });
  const name = query.get("user_name") ?? `user${userId}`;
  sdk._updateCommandMocks({
    authorize: async () => ({ code: query.get("code") ?? `mock-${userId}` }),
    userSettingsGetLocale: async () => ({ locale: query.get("locale") ?? navigator.language }),
    authenticate: async ({ access_token }) => ({
      access_token: access_token ?? "", scopes: ["identify"], expires: "",
      user: { username: name, discriminator: "0", id: userId, public_flags: 0 },
      application: { id: clientId, description: "", name: "Gwent" },
    }),
  });
  return sdk;
}
