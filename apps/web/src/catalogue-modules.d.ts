/** The landing page's part of a catalogue, cut at build time (landing-catalogue.ts). */
declare module "*.json?landing" {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
