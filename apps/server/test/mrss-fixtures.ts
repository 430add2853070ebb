/** Media RSS feeds as publishers' systems write them (JW Player, Brightcove and WordPress exports mix these forms). */
export const RICH_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:mrss="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Harbour Daily video</title>
    <link>https://harbour.example/video</link>
    <description>The &lt;b&gt;latest&lt;/b&gt; from the harbour</description>
    <language>en-gb</language>
    <item>
      <title>Harbour cranes return after a year of repairs &amp; tests</title>
      <link>https://harbour.example/video/cranes</link>
      <guid isPermaLink="false">harbour-cranes-2026</guid>
      <pubDate>Thu, 26 Nov 2026 08:30:00 GMT</pubDate>
      <description><![CDATA[<p>The three container cranes at the north quay are working again after a year of repairs, and the port expects shorter queues.</p>]]></description>
      <category>Business</category>
      <category>Transport</category>
      <mrss:group>
        <mrss:content url="https://cdn.harbour.example/cranes-1080.mp4" type="video/mp4" medium="video" fileSize="48211234" duration="154.5" width="1920" height="1080" lang="en"/>
        <mrss:content url="https://cdn.harbour.example/cranes-audio.m4a" type="audio/mp4" medium="audio" fileSize="2211234" duration="154.5"/>
        <mrss:thumbnail url="https://cdn.harbour.example/cranes.jpg" width="1280" height="720"/>
        <mrss:credit role="reporter">Mira Holt</mrss:credit>
        <mrss:credit role="camera">Jon Park</mrss:credit>
        <mrss:keywords>port, cranes, shipping</mrss:keywords>
        <mrss:category>Economy</mrss:category>
        <mrss:subTitle type="text/vtt" lang="en" href="https://cdn.harbour.example/cranes.en.vtt"/>
        <mrss:copyright>© Harbour Daily</mrss:copyright>
      </mrss:group>
    </item>
    <item>
      <title>Short</title>
      <description>Too short.</description>
      <enclosure url="https://cdn.harbour.example/photo.jpg" length="1200" type="image/jpeg"/>
    </item>
  </channel>
</rss>`;

/** "Billion laughs": ten levels of entities that each repeat the last ten times. */
export const XML_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<rss version="2.0"><channel><title>&lol3;</title></channel></rss>`;

/** An external entity that would read a file of the server. */
export const XXE_FEED = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>&secret;</title></channel></rss>`;
