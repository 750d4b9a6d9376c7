const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether an id from a path or query is a UUID (anything else is simply not found, no SQL error). */
export const isUuid = (id: string): boolean => UUID.test(id);
