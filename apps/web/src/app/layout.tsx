import { Outlet, ScrollRestoration } from "react-router";

/** The frame around every page. */
export function AppLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
