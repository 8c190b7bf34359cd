import { main } from './main.js';

main(process.argv.slice(2)).then((code) => {
  // A success whose output could not be written (io.ts set exit code 1) is not a success.
  if (code !== 0 || !process.exitCode) process.exitCode = code;
});
