/**
 * Every text the board shows. The board's texts are fixed English by the spec, so they live in one plain object
 * (react-intl would cost the kiosk bundle more than the whole board); a translation swaps this object.
 */
export const texts = {
  heading: 'LIVE SCHEDULE',
  subheading: 'NEXT BUS TO',
  destinationColumn: 'Destination',
  nextBusColumn: 'Next bus in',
  currentTime: 'Current time',
  leaves: 'leaves',
  bookAt: 'BOOK AT',
  loading: 'Loading the live schedule…',
  notFoundTitle: 'This board does not exist',
  notFoundMessage: (path: string) =>
    `No airport board is set up at "${path}". Board addresses look like /app/airport-static-screens/airport-express-bus-time/T1.`,
  unauthorisedTitle: 'This board is not authorised',
  unauthorisedMessage: 'The server refused this display. Ask the operator to check the kiosk key.',
  unavailableTitle: 'The live schedule is unavailable',
  unavailableMessage: 'It could not be loaded. The board keeps retrying by itself and shows the schedule as soon as it answers.',
  reconnecting: 'Connection lost. Retrying by itself…',
  updatedUnderAMinute: 'Last updated less than a minute ago',
  crashedTitle: 'Something went wrong on this board',
  crashedMessage: 'Reload the page to try again.',
  retry: 'Retry',
} as const;
