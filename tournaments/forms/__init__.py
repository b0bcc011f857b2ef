"""Forms of the arbiter pages: they read and check input; the rules are in the services.

One module per page family (`tournament`, `players`, `results`, `imports`, `reports`); every
uploaded file goes through the one policy of `uploads`."""
