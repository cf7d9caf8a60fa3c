// Sign in to a running BIS with the SDK's Node client and print the user.
import { createNodeClient, errorMessage } from "@bis/sdk/node";

const client = createNodeClient({ baseUrl: process.env.BIS_URL ?? "http://localhost:3000" });
try {
  const user = await client.auth.login({
    email: process.env.BIS_EMAIL ?? "",
    password: process.env.BIS_PASSWORD ?? "",
  });
  console.log(
    `Signed in as ${user.firstName ?? user.email} (${user.isAdmin ? "administrator" : "standard user"})`,
  );
  await client.auth.logout();
} catch (error) {
  console.error(`Sign-in failed: ${errorMessage(error, "unknown error")}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
