/** SCAFFOLD: the queue of warrants awaiting approval; another engineer writes it. */
export const WarrantQueue = () => null
