// nock 15 uses Promise.withResolvers, which Node 20 lacks (a no-op on 22+).
if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
