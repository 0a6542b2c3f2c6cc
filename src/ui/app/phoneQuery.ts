/** The phone layout's width (app.css's max-width: 720px rules): the map with a bottom sheet, options as cards. */
export const PHONE_QUERY = '(max-width: 720px)';
