// A lean HTTP/1.1 keep-alive client for the load benchmarks: one socket per client, one request
// at a time on it, responses framed by Content-Length or chunked encoding. node:http's client
// costs about 0.35 ms of CPU per request on the 2-core bench machine, CPU the service under
// test then does not get; this one costs a fraction of that, so the figures measure the
// service rather than the load generator. Not a general client: no redirects, no TLS, no
// pipelining, and a response without Content-Length or chunked framing is an error.
import net from 'node:net'

const CRLF = Buffer.from('\r\n')

/** A connection to host:port; `request()` resolves with { status, body } (body as a string). */
export function connect(port, host = '127.0.0.1') {
  const socket = net.connect({ port, host })
  socket.setNoDelay(true)
  let buffered = Buffer.alloc(0)
  let pending = null // { resolve, reject }
  let connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    if (!pending) return
    let response
    try {
      response = parseResponse(buffered)
    } catch (error) {
      pending.reject(error)
      pending = null
      socket.destroy()
      return
    }
    if (!response) return
    buffered = buffered.subarray(response.consumed)
    const { resolve } = pending
    pending = null
    resolve({ status: response.status, body: response.body })
  })
  socket.on('error', (error) => {
    if (pending) pending.reject(error)
    pending = null
  })
  socket.on('close', () => {
    if (pending) pending.reject(new Error('connection closed'))
    pending = null
  })
  return {
    async request(method, path, body, headers = {}) {
      await connected
      connected = null
      if (pending) throw new Error('one request at a time per connection')
      const payload = body === undefined ? '' : JSON.stringify(body)
      let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\nconnection: keep-alive\r\n`
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
      if (body !== undefined) head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`
      return new Promise((resolve, reject) => {
        pending = { resolve, reject }
        socket.write(`${head}\r\n${payload}`)
      })
    },
    close() {
      socket.destroy()
    },
  }
}

/** A complete response at the start of `data`, or null when more bytes are needed. */
function parseResponse(data) {
  const headEnd = data.indexOf('\r\n\r\n')
  if (headEnd < 0) return null
  const head = data.toString('latin1', 0, headEnd)
  const status = Number(head.slice(9, 12))
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)
  const bodyStart = headEnd + 4
  if (length) {
    const end = bodyStart + Number(length[1])
    if (data.length < end) return null
    return { status, body: data.toString('utf8', bodyStart, end), consumed: end }
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) throw new Error(`response without content-length or chunked framing: ${head.split('\r\n')[0]}`)
  const parts = []
  let at = bodyStart
  for (;;) {
    const lineEnd = data.indexOf(CRLF, at)
    if (lineEnd < 0) return null
    const size = parseInt(data.toString('latin1', at, lineEnd), 16)
    const chunkStart = lineEnd + 2
    if (data.length < chunkStart + size + 2) return null
    if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8'), consumed: chunkStart + 2 }
    parts.push(data.subarray(chunkStart, chunkStart + size))
    at = chunkStart + size + 2
  }
}

/** `clients` connections used round-robin by closedLoop workers: worker w always uses connection w. */
export function connectionPool(port, clients) {
  return Array.from({ length: clients }, () => connect(port))
}
