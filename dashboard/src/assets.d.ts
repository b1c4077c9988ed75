// Vite's `?url` imports: the import is the served URL of the file, copied into dist/assets with a content
// hash. Declared here rather than through `vite/client`, whose other globals the dashboard does not use.
declare module '*?url' {
  const url: string;
  export default url;
}
