// Preloaded (node --import) into every process `npm run bench` starts, so none outlives it:
// when the parent goes away, even by SIGKILL, the IPC channel closes and this process stops.
if (process.channel) {
  process.on('disconnect', () => {
    setTimeout(() => process.exit(1), 5000).unref(); // graceful first, then for certain
    process.kill(process.pid, 'SIGTERM');
  });
  process.channel.unref(); // after the listener (which refs it): the channel alone keeps nothing alive
}
