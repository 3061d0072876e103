// The platform feature's public entry: other features, pages and the app import it from here only.
// Nothing is needed from it yet: the dashboard loads the organization overview dialog lazily by module path, so
// that the platform admin's code stays in its own chunk.
export {};
