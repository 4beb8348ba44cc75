// `npm start`: builds the web app and the server, then runs the built server with plain `node`, serving the web app
// and the API on one port (embedded database by default).
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}/data` },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
