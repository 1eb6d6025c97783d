// Stylesheets imported for their side effect: Vite bundles them with the chunk that imports them.
declare module '*.css';
