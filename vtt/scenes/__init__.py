"""Scene maps' background images: uploaded by a campaign's GM, fetched by its members only."""
