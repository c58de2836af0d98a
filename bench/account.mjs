// A fresh account for a benchmark, registered through the API.

/** A made-up client address, so repeated runs do not share one address's sign-in rate limit. */
function clientAddress() {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${part()}.${part()}`;
}

/** Registers a new user; answers { token, user }. */
export async function registerAccount(baseUrl, prefix = "bench") {
  const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientAddress() },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "correct horse battery" }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`register: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}
