/** Bad input from the user: exit status 2, one line naming the field and the problem. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Built data missing or unreadable: exit status 3. */
export class DataError extends Error {
  override name = 'DataError';
}
