/**
 * The board's messages (the board itself: BOARD_TEXTS in @sawari/domain, as the server writes it too). Fixed English
 * by the spec, one plain object (react-intl would cost the kiosk bundle more than the whole board).
 */
export const texts = {
  loading: 'Loading the live schedule…',
  notFoundTitle: 'This board does not exist',
  notFoundMessage: (path: string) =>
    `No airport board is set up at "${path}". Board addresses look like /app/airport-static-screens/airport-express-bus-time/T1.`,
  unauthorisedTitle: 'This board is not authorised',
  unauthorisedMessage: 'The server refused this display. Ask the operator to check the kiosk key.',
  unavailableTitle: 'The live schedule is unavailable',
  unavailableMessage: 'It could not be loaded. The board keeps retrying by itself and shows the schedule as soon as it answers.',
  crashedTitle: 'Something went wrong on this board',
  crashedMessage: 'Reload the page to try again.',
  retry: 'Retry',
} as const;
