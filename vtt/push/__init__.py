"""Web Push (issue 37): a browser's subscription, the server's VAPID keys, and the turn notices
sent through the browser's push service."""
