/// The single page `gesturectl view` serves: surfaces with touches and trails, a lane per
/// gesture, the event list, the controls that play, step and scrub a recording, and the
/// Actions panel. It is written as real files in `Page/` (`view.html`, `view.css`, `view.js`,
/// `actions.js`) and built into the binary by the PageEmbed plugin as ``html``, the document
/// with its style and scripts inline:
/// no CDN, nothing installed beside the binary, nothing fetched or read at run time.
enum ViewPage {}
