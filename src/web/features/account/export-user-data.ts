/** GET /api/user/export: the JSON download is a plain link, so the browser saves the server's attachment itself. */
export const exportUrl = '/api/user/export';
